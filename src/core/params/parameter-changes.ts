/** Which bound cells hold a value other than the one their placement's last run used ("Out of date: Inputs!B2 changed"). */
import type { CellSnapshot, GridRange, WorkbookLayout } from '../host';
import type { PlacementRecord } from '../placements/placement-record';
import { boundRanges, valuesOf } from './bound-values';
import type { ParameterBinding } from './parameter-binding';

/** One placement's changed cells, named as they are now. */
export interface ParameterChange {
  placementId: string;
  /** The changed (or deleted, or now unusable) cells, "Inputs!B2". */
  cells: string[];
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** One bound cell as it is now: its name where it is, and whether it differs from the value the last run used. */
export interface ParameterStatus {
  placementId: string;
  bindingId: string;
  /** "Inputs!B2" where the cell is now (as bound when it was deleted). */
  cell: string;
  /**
   * The value differs from the last run's, or the cell is now empty, wrong-typed or deleted (its next refresh says why
   * it cannot run). A binding never run yet (no last values) is never changed.
   */
  changed: boolean;
}

/** Every bound cell of `records` with its status: the cells of every placement are read in one snapshot. */
export async function parameterStatuses(
  records: readonly PlacementRecord[],
  layout: WorkbookLayout,
  snapshot: (ranges: readonly GridRange[]) => Promise<Array<Pick<CellSnapshot, 'values'>>>,
): Promise<ParameterStatus[]> {
  const out: ParameterStatus[] = [];
  const reads: Array<{ status: ParameterStatus; binding: ParameterBinding; range: GridRange }> = [];
  for (const record of records) {
    for (const binding of record.parameters ?? []) {
      const status: ParameterStatus = { placementId: record.placementId, bindingId: binding.id, cell: binding.ref, changed: false };
      out.push(status);
      let where: { range: GridRange; refNow: string } | undefined;
      try {
        [where] = boundRanges(record.placementId, [binding], layout);
      } catch {
        status.changed = binding.lastValues !== undefined;
      }
      if (!where) continue;
      status.cell = where.refNow;
      if (binding.lastValues !== undefined) reads.push({ status, binding, range: where.range });
    }
  }
  const snaps = reads.length === 0 ? [] : await snapshot(reads.map((r) => r.range));
  reads.forEach((r, i) => {
    let values: string[] | null;
    try {
      const snap = snaps[i];
      values = snap ? valuesOf(r.binding, snap, r.status.cell) : null;
    } catch {
      values = null;
    }
    r.status.changed = values === null || !sameValues(values, r.binding.lastValues ?? []);
  });
  return out;
}

/** The placements with a changed bound cell (see parameterStatuses), each with its changed cells. */
export function changedParameters(statuses: readonly ParameterStatus[]): ParameterChange[] {
  const out = new Map<string, string[]>();
  for (const s of statuses) if (s.changed) out.set(s.placementId, [...(out.get(s.placementId) ?? []), s.cell]);
  return [...out].map(([placementId, cells]) => ({ placementId, cells }));
}
