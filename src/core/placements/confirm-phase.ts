/**
 * The confirmation phase of a run: an unattended refresh goes on only for a placement its key's owner placed or
 * confirmed as it is now; a run someone started confirms the placement it ran (see automation/placement-confirmations.ts).
 */
import { confirmationDigest, needsConfirmation, type PlacementConfirmations } from '../automation/placement-confirmations';
import type { WorkbookLayout } from '../host';
import type { JobScope } from '../jobs/job-scope';
import type { RegistryAccess } from './registry-access';

/** What the phase reads: the job's registry and first layout (shared with the run), and the person's confirmations. */
export interface ConfirmSteps {
  registry: Pick<RegistryAccess, 'read' | 'record'>;
  confirmations: PlacementConfirmations;
  layout(scope: JobScope): Promise<WorkbookLayout>;
}

/** Throws `needsConfirmation` (before any cell is read or query run) unless the placement as stored now was confirmed. */
export async function requireConfirmed(steps: ConfirmSteps, scope: JobScope, placementId: string): Promise<void> {
  const record = await steps.registry.record(scope, placementId);
  const { workbook } = await steps.layout(scope);
  if (!(await steps.confirmations.confirmed()).has(confirmationDigest(workbook.id, record))) throw needsConfirmation(record.name);
}

/**
 * Confirms the placement as the run left it (its unsaved record, else the stored one). Best effort: the run succeeded
 * whether or not the person's storage took the digest (the next run someone starts adds it again).
 */
export async function confirmRun(steps: ConfirmSteps, scope: JobScope, placementId: string): Promise<void> {
  try {
    const record = scope.unsaved.get(placementId) ?? (await steps.registry.read(scope)).records.find((r) => r.placementId === placementId);
    if (!record) return;
    const { workbook } = await steps.layout(scope);
    await steps.confirmations.confirm([confirmationDigest(workbook.id, record)]);
  } catch {
    // Left unconfirmed: an unattended run leaves it alone until it is confirmed.
  }
}
