/** The check of placed cells against what the add-in last wrote there (their fingerprints): the hand edits found. */
import type { GridRange, SpreadsheetHost, WorkbookLayout } from '../host';
import type { JobScope } from '../jobs/job-scope';
import { findHandEditsSteps, type HandEdits } from './hand-edits';
import type { HostPacing } from './host-pacing';
import type { RegistryAccess } from './registry-access';
import { readSnapshots } from './snapshot-reads';

/** The largest area the check of every placement reads (the check of one placement reads any size). */
const LIST_CHECK_MAX_CELLS = 1_000_000;

/** What the check reads through: the records and fingerprints, the host's snapshots, paced. */
interface HandEditCheck {
  registry: Pick<RegistryAccess, 'read' | 'fingerprint'>;
  pacing: Pick<HostPacing, 'paced' | 'readLimits' | 'inSteps'>;
  host: Pick<SpreadsheetHost, 'snapshot'>;
}

/**
 * The hand edits of `placementIds` (every placement when omitted; then areas past LIST_CHECK_MAX_CELLS are left to
 * their refresh) whose cells differ from their fingerprint: one snapshot read per area (cut to the host's read
 * limits). A placement without edits (or fingerprint) is absent.
 */
export async function checkHandEdits(
  check: HandEditCheck,
  scope: JobScope,
  layout: WorkbookLayout,
  placementIds?: readonly string[],
): Promise<Map<string, HandEdits>> {
  const registry = await check.registry.read(scope);
  const out = new Map<string, HandEdits>();
  for (const record of registry.records) {
    if (placementIds && !placementIds.includes(record.placementId)) continue;
    const area = layout.areas[record.placementId];
    const fp = await check.registry.fingerprint(scope, record.placementId);
    if (!area || !fp) continue;
    // Checking every placement (the list opening) reads each area whole: a very large one is checked when it is
    // refreshed or located instead, so opening the list never copies millions of cells.
    if (!placementIds && area.rows * area.cols > LIST_CHECK_MAX_CELLS) continue;
    const read = (bands: readonly GridRange[]) => check.pacing.paced(() => check.host.snapshot(bands));
    const snapshots = await readSnapshots([area], check.pacing.readLimits(), read);
    // In steps: the list checks every placement when it opens, and a large area is millions of cells to hash.
    const found = await check.pacing.inSteps(findHandEditsSteps(fp, snapshots, area));
    if (found) out.set(record.placementId, found);
  }
  return out;
}
