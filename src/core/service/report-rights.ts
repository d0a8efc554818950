/**
 * What the signed-in key may do with the listed reports, learnt at the first list load of a session: one connect-workbook
 * per report (the only read of the contract that answers `canEdit`), so every card says read only before any refresh.
 */
import type { JobScope } from '../jobs/job-scope';
import type { Orchestrator } from '../placements/orchestrator';
import type { PlacementListing } from '../placements/placement-types';
import type { Report } from '../wire/schemas';
import type { PlatformSession } from './platform-session';

export interface ReportRightsParts {
  session: Pick<PlatformSession, 'platform' | 'lastKnown' | 'rightsAsked'>;
  orchestrator: Pick<Orchestrator, 'definition'>;
  /** Keeps the platform's answer for one placement (its status and rights in the list). */
  remember: (placementId: string, report: Report) => void;
}

/**
 * Asks the platform about each listed report this session knows nothing of yet, all at once, and keeps the answer for
 * every placement of that report. Best effort and asked once a session: a signed-out pane, a report the key cannot read
 * or a platform out of reach leaves those cards as they were (Save still says what the platform refused).
 */
export async function learnReportRights(parts: ReportRightsParts, scope: JobScope, listings: readonly PlacementListing[]): Promise<void> {
  const { session } = parts;
  const byReport = new Map<number, PlacementListing[]>();
  for (const l of listings) {
    const { reportId, placementId } = l.record;
    if (session.rightsAsked.has(reportId) || session.lastKnown.get(placementId)?.canEdit != null) continue;
    byReport.set(reportId, [...(byReport.get(reportId) ?? []), l]);
  }
  if (byReport.size === 0) return;
  try {
    await session.platform();
  } catch {
    return; // nobody signed in: nothing to ask
  }
  await Promise.all(
    [...byReport].map(async ([reportId, placed]) => {
      session.rightsAsked.add(reportId);
      // A placement with cells tells the platform where they are (what a refresh would send); an orphan only if none has.
      const asked = placed.find((l) => l.area !== null) ?? placed[0];
      if (asked === undefined) return;
      try {
        const report = await parts.orchestrator.definition(asked.record.placementId, { scope });
        for (const l of placed) if (l !== asked) parts.remember(l.record.placementId, report);
      } catch {
        // Left unknown: the card offers Edit and the platform's refusal at Save names the reason.
      }
    }),
  );
}
