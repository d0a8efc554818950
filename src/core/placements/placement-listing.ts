/** Where each placement is now: its record beside the host's tracked area, sheet name and A1 range. */
import { formatRangeRef } from '../cells/a1';
import type { WorkbookLayout } from '../host';
import type { PlacementRecord } from './placement-record';
import type { PlacementListing } from './placement-types';

/** The listing of `records` in `layout` (a placement whose cells were deleted has no area and its last sheet name). */
export function listingsOf(records: readonly PlacementRecord[], layout: WorkbookLayout): PlacementListing[] {
  return records.map((record): PlacementListing => {
    const area = layout.areas[record.placementId] ?? null;
    const index = area ? layout.sheets.findIndex((s) => s.id === area.sheetId) : -1;
    const sheetName = area ? (layout.sheets[index]?.name ?? null) : (record.sheetName ?? null);
    const sheetIndex = index < 0 ? null : index;
    return { record, area, sheetName, sheetIndex, rangeRef: area && sheetName !== null ? formatRangeRef(sheetName, area) : null };
  });
}
