/** The orchestrator's requests to place an existing report: again, by the id or link the user pasted, or an orphan anew. */
import { AddinError } from '../errors/addin-error';
import { PUBLIC_ID_PATTERN } from '../wire/schemas';
import type { PlaceRequest } from '../placements/place-existing';
import type { PlacementListing } from '../placements/placement-types';
import { notInList } from '../placements/placement-errors';
import type { ReportReference } from './report-reference';

function listed(listing: readonly PlacementListing[], placementId: string): PlacementListing {
  const found = listing.find((l) => l.record.placementId === placementId);
  if (found === undefined) throw notInList(placementId);
  return found;
}

/**
 * The new placement's id: the pane's (minted once per placement it asks for and sent with every attempt, so a retry
 * connects the platform's placement of the first attempt, not a second one), or `mint()`'s when none is sent.
 */
export function newPlacementId(listing: readonly PlacementListing[], sent: string | undefined, mint: () => string): string {
  if (sent === undefined) return mint();
  if (!PUBLIC_ID_PATTERN.test(sent))
    throw new AddinError('validation', 'The new placement id must be 12 letters or digits.', { data: { field: 'placementId' } });
  if (listing.some((l) => l.record.placementId === sent))
    throw new AddinError('validation', 'That placement id is already used in this workbook.', { data: { field: 'placementId' } });
  return sent;
}

/** Another placement of `placementId`'s report: its definition read through that placement (its area as it is now). */
export function placeAgainRequest(listing: readonly PlacementListing[], placementId: string, newId: string): PlaceRequest {
  const { record } = listed(listing, placementId);
  return {
    deploymentId: record.deploymentId,
    ...(record.environmentId ? { environmentId: record.environmentId } : {}),
    reportId: record.reportId,
    readThrough: record.placementId,
    placementId: newId,
  };
}

/** An orphaned placement written anew under its own id; a placement that still has cells is refused (Move moves it). */
export function orphanRequest(listing: readonly PlacementListing[], placementId: string): PlaceRequest {
  const { record, area, rangeRef } = listed(listing, placementId);
  if (area !== null)
    throw new AddinError(
      'validation',
      `"${record.name}" still has its cells at ${rangeRef ?? 'its place'}: use Move to put it elsewhere.`,
      {
        data: { placementId },
      },
    );
  return {
    deploymentId: record.deploymentId,
    ...(record.environmentId ? { environmentId: record.environmentId } : {}),
    reportId: record.reportId,
    readThrough: record.placementId,
    placementId,
    orphan: record,
  };
}

/**
 * A report the user named, in the workbook's deployment and environment (a link to another deployment is refused: its
 * queries would run in an environment of this one). When the workbook holds a placement of it with cells, the definition
 * is read through that one; otherwise through the new placement (see place-existing.ts).
 */
export function referenceRequest(
  listing: readonly PlacementListing[],
  ref: ReportReference,
  context: { deploymentId: string; environmentId: string },
  newId: string,
): PlaceRequest {
  if (ref.deploymentId !== null && ref.deploymentId !== context.deploymentId)
    throw new AddinError(
      'validation',
      `That link is for deployment ${ref.deploymentId}, but this workbook uses deployment ${context.deploymentId}. Choose deployment ${ref.deploymentId} for this workbook first, or paste a report of deployment ${context.deploymentId}.`,
      { data: { field: 'reference' } },
    );
  const placed = listing.find(
    (l) => l.area !== null && l.record.reportId === ref.reportId && l.record.deploymentId === context.deploymentId,
  );
  return {
    deploymentId: context.deploymentId,
    environmentId: context.environmentId,
    reportId: ref.reportId,
    readThrough: placed?.record.placementId ?? null,
    placementId: newId,
  };
}
