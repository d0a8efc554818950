/** The errors the Orchestrator raises about placements and runs, each with a message that says what the user can do. */
import { AddinError, cancelledError, internalError, isAddinError } from '../errors/addin-error';
import { publicIdProblem } from '../api/public-id';
import { requireQueryText } from '../api/query-text';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { DamagedRecord, PlacementRecord } from './placement-record';
import type { PlacementPlan } from './planner';
import type { PlacementDraft } from './placement-types';

export function throwIfAborted(signal: CancelSignal | undefined): void {
  if (signal?.cancelled) throw cancelledError();
}

/** Errors while the operation was cancelled read as a cancellation; an error the add-in did not raise is a bug ('internal'). */
export function normalize(e: unknown, signal: CancelSignal | undefined): AddinError {
  if (signal?.cancelled && !(isAddinError(e) && (e.kind === 'cancelled' || e.data.rollbackFailed === true))) return cancelledError();
  return asAddinError(e);
}

/** `e` as an AddinError: an error the add-in did not raise itself is a bug ('internal'). */
export function asAddinError(e: unknown): AddinError {
  return isAddinError(e) ? e : internalError(e);
}

export function damagedRecord(d: DamagedRecord): AddinError {
  return new AddinError(
    'contract',
    d.message ??
      'The stored record of this report is damaged and could not be read. Its cells are intact; remove it from the list, then insert the report again.',
    { detail: d.detail, data: { placementId: d.placementId, key: d.key } },
  );
}

export function notInList(placementId: string): AddinError {
  return new AddinError('notFound', 'This placement is no longer in the workbook list.', { data: { placementId } });
}

export function orphaned(record: Pick<PlacementRecord, 'name' | 'placementId'>): AddinError {
  return new AddinError(
    'notFound',
    `The cells of "${record.name}" are no longer in the workbook (their rows, columns or sheet were deleted). Remove it from the list, or insert the report again.`,
    { data: { placementId: record.placementId, orphaned: true } },
  );
}

/** The draft's trimmed name, or a validation error when the draft has no name or no query. */
export function runnableName(draft: Pick<PlacementDraft, 'name' | 'sqlQuery'>): string {
  const name = draft.name.trim();
  if (name === '') throw new AddinError('validation', 'Give the report a name.');
  requireQueryText(draft.sqlQuery);
  return name;
}

/** Refuses a draft's publicId that the platform would not take. */
export function requireUsablePublicId(publicId: string): void {
  const problem = publicIdProblem(publicId);
  if (problem !== undefined)
    throw new AddinError('validation', `The draft's id is not usable: ${problem}.`, { data: { field: 'publicId' } });
}

/**
 * Plans a placement; a placed report that no longer fits where it is gets a message naming what the user can do there
 * (Refresh and Edit have no cell picker: clear the cells in the way, or remove the report and insert it elsewhere).
 */
export function inPlace(plan: () => PlacementPlan, placed: boolean, name: string): PlacementPlan {
  try {
    return plan();
  } catch (e) {
    if (!placed || !isAddinError(e) || e.kind !== 'blocked') throw e;
    const cells = Array.isArray(e.data.cells) ? e.data.cells.filter((c): c is string => typeof c === 'string') : [];
    const total = typeof e.data.total === 'number' ? e.data.total : cells.length;
    const shown = cells.slice(0, 3).join(', ') + (total > 3 ? ` and ${total - 3} more` : '');
    const what =
      e.data.otherPlacement === true
        ? `another placed report is at ${shown}`
        : `${total === 1 ? 'cell' : 'cells'} ${shown} ${total === 1 ? 'is' : 'are'} not empty`;
    const fix =
      e.data.otherPlacement === true ? 'Move or remove the other report' : `Clear or move ${total === 1 ? 'that cell' : 'those cells'}`;
    return failWith(
      new AddinError(
        'blocked',
        `The new result of "${name}" needs more room where it is, but ${what}. Nothing was changed. ${fix}, then try again; or remove "${name}" from the list and insert it at another cell.`,
        { cause: e, data: { ...e.data, inPlace: true } },
      ),
    );
  }
}

function failWith(e: AddinError): never {
  throw e;
}
