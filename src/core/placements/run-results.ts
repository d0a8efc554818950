/** What a successful write leaves: the placement's new record (where the result is, what it holds) and the outcome. */
import { formatRangeRef } from '../cells/a1';
import type { AddinError } from '../errors/addin-error';
import type { Matrix } from '../cells/matrix';
import type { Fetched } from './fetch-phase';
import type { PlacementRecord } from './placement-record';
import type { PlacementDraft, PlacementOutcome } from './placement-types';
import type { Written } from './write-phase';

/** What a record keeps of a run's result: its matrix's shape, layout, checksum and cut (a fetch, or a streamed run's). */
export type ResultFacts = Pick<Fetched, 'layout' | 'queryChecksum' | 'truncatedAtDefaultCap' | 'savedReportId'> & {
  matrix: Pick<Matrix, 'rows' | 'cols' | 'headerRows'>;
};

/** The record fields that say where a result was written and what it holds (set at insert, renewed at refresh). */
function writtenFields(
  written: Written,
  fetched: ResultFacts,
): Pick<
  PlacementRecord,
  'sheetId' | 'sheetName' | 'anchor' | 'area' | 'areaRows' | 'cols' | 'headerRows' | 'layout' | 'truncatedAtDefaultCap'
> {
  const at = written.plan.write;
  return {
    truncatedAtDefaultCap: fetched.truncatedAtDefaultCap,
    sheetId: at.sheetId,
    sheetName: written.sheetName,
    anchor: { row: at.row, col: at.col },
    area: { row: at.row, col: at.col, rows: at.rows, cols: at.cols },
    areaRows: fetched.matrix.rows,
    cols: fetched.matrix.cols,
    headerRows: fetched.matrix.headerRows,
    layout: fetched.layout,
  };
}

/** The outcome of a run whose result `record` now describes; `syncError` when the platform was not told where it is. */
export function outcomeOf(
  record: PlacementRecord,
  written: Pick<Written, 'plan' | 'sheetName'>,
  elapsedMs: number,
  syncError: AddinError | null,
): PlacementOutcome {
  const area = written.plan.write;
  return {
    placementId: record.placementId,
    reportId: record.reportId,
    publicId: record.publicId,
    areaRows: area.rows,
    cols: area.cols,
    headerRows: record.headerRows ?? 0,
    area,
    rangeRef: formatRangeRef(written.sheetName, area),
    elapsedMs,
    overwrittenCells: written.plan.overwritten.length,
    syncError,
    truncatedAtDefaultCap: record.truncatedAtDefaultCap === true,
  };
}

/** The record of a newly placed report, written at `at`. */
export function placedRecord(
  ids: Pick<PlacementRecord, 'placementId' | 'reportId' | 'publicId'>,
  draft: Pick<PlacementDraft, 'deploymentId' | 'environmentId'>,
  name: string,
  written: Written,
  fetched: ResultFacts,
  at: string,
): PlacementRecord {
  return {
    ...ids,
    deploymentId: draft.deploymentId,
    ...(draft.environmentId ? { environmentId: draft.environmentId } : {}),
    name,
    ...writtenFields(written, fetched),
    ...(fetched.queryChecksum ? { queryChecksum: fetched.queryChecksum } : {}),
    placedAt: at,
    refreshedAt: at,
  };
}

/** A placed report's record after a refresh or an edit at `at`: where it is now, its name and environment, no error. */
export function refreshedRecord(
  record: PlacementRecord,
  change: { name: string; environmentId: string | undefined },
  written: Written,
  fetched: Fetched,
  at: string,
): PlacementRecord {
  const next: PlacementRecord = { ...record, name: change.name, ...writtenFields(written, fetched), refreshedAt: at };
  if (change.environmentId) next.environmentId = change.environmentId;
  else delete next.environmentId;
  if (fetched.queryChecksum) next.queryChecksum = fetched.queryChecksum;
  else delete next.queryChecksum;
  // The record follows the report its publicId names now (after lost upsert races it may have a new id).
  if (fetched.savedReportId !== undefined) next.reportId = fetched.savedReportId;
  delete next.lastError;
  return next;
}
