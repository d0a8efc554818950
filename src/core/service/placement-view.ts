/** What the pane shows for one placement: registry record + where its cells are now + what the platform last said about it. */
import { errorKindOr, type AddinErrorKind } from '../errors/addin-error';
import type { Report } from '../wire/schemas';
import { SYNC_UP_TO_DATE } from '../wire/wire-names';
import type { PlacementListing } from '../placements/placement-types';
import { headerRowsOf, type DamagedRecord } from '../placements/placement-record';
import { damagedRecord } from '../placements/placement-errors';
import type { PlacementView } from './addin-service';

/** The platform's last answer about a placement (from the latest connect-workbook or upsert of this session). */
export interface LastKnownReport {
  /** Checksum of the report's definition as the platform had it. */
  currentQueryChecksum: string | null;
  /** This placement's `syncStatus` in that answer, if the answer listed it. */
  syncStatus: string | null;
  canEdit: boolean | null;
  /** The report's `meta`, kept so an edit does not drop keys other tools wrote. */
  meta: Record<string, unknown> | null;
  /** When the answer came (ISO). */
  checkedAt: string;
}

export function lastKnownOf(report: Report, placementId: string, checkedAt: string): LastKnownReport {
  const placement = report.externalWorkbookPlacements?.find((p) => p.id === placementId);
  return {
    currentQueryChecksum: report.currentQueryChecksum ?? null,
    syncStatus: placement?.syncStatus ?? null,
    canEdit: report.canEdit ?? null,
    meta: report.meta ?? null,
    checkedAt,
  };
}

function errorKind(kind: string): AddinErrorKind {
  return errorKindOr(kind);
}

/**
 * The status, first that applies: refreshing (a job holds it), orphaned (its cells were deleted), failed (the last
 * refresh failed), outOfDate (the platform's definition differs from the one placed: the placement's syncStatus is not
 * UP_TO_DATE, or the report's checksum is not the record's), else upToDate. Out of date is only known from this session's
 * connect-workbook answers (no read-only call tells the current checksum): `statusCheckedAt` says when, or null.
 */
export function placementView(
  listing: PlacementListing,
  lastKnown: LastKnownReport | undefined,
  refreshing: boolean,
  notesUnsupported: string | null = null,
): PlacementView {
  const { record, area } = listing;
  const headerRows = headerRowsOf(record);
  const changed =
    lastKnown !== undefined &&
    ((lastKnown.syncStatus !== null && lastKnown.syncStatus !== SYNC_UP_TO_DATE) ||
      (lastKnown.currentQueryChecksum !== null &&
        record.queryChecksum !== undefined &&
        lastKnown.currentQueryChecksum !== record.queryChecksum));
  const status: PlacementView['status'] = refreshing
    ? 'refreshing'
    : area === null
      ? 'orphaned'
      : record.lastError !== undefined
        ? 'failed'
        : changed
          ? 'outOfDate'
          : 'upToDate';
  return {
    placementId: record.placementId,
    reportId: record.reportId,
    publicId: record.publicId,
    name: record.name,
    sheetName: listing.sheetName,
    sheetIndex: listing.sheetIndex,
    rangeLabel: listing.rangeRef,
    dataRows: record.areaRows - headerRows,
    cols: record.cols,
    headerRows,
    refreshedAt: record.refreshedAt,
    status,
    statusCheckedAt: lastKnown?.checkedAt ?? null,
    lastError: record.lastError ? { kind: errorKind(record.lastError.kind), message: record.lastError.message } : null,
    canEdit: lastKnown?.canEdit ?? null,
    truncatedAtDefaultCap: record.truncatedAtDefaultCap === true,
    ...(record.growth ? { growth: record.growth } : {}),
    ...(record.refreshOnParameterChange ? { refreshOnParameterChange: true } : {}),
    ...(record.filterSummary === true ? { filterSummary: true } : {}),
    ...(record.anchorNote === true ? { anchorNote: true } : {}),
    ...(notesUnsupported === null ? {} : { notesUnsupported }),
  };
}

/** A stored record that could not be read, shown as a failed placement the user can remove (the others are unaffected). */
export function damagedView(d: DamagedRecord): PlacementView {
  return {
    placementId: d.placementId,
    reportId: 0,
    publicId: '',
    name: 'Unreadable report record',
    sheetName: null,
    rangeLabel: null,
    dataRows: 0,
    cols: 0,
    headerRows: 0,
    refreshedAt: null,
    status: 'failed',
    statusCheckedAt: null,
    lastError: {
      kind: 'contract',
      message: damagedRecord(d).message,
    },
    canEdit: false,
  };
}
