/** Which bound cells hold a value other than the one their placement's last run used ("Out of date: Inputs!B2 changed"). */
import type { CellSnapshot, GridRange, WorkbookLayout } from '../host';
import type { PlacementRecord } from '../placements/placement-record';
import { boundRanges, valuesOf } from './bound-values';

/** One placement's changed cells, named as they are now. */
export interface ParameterChange {
  placementId: string;
  /** The changed (or deleted, or now unusable) cells, "Inputs!B2". */
  cells: string[];
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Every placement with a bound cell that changed since its last run: the bound cells of every placement are read in
 * one snapshot. A cell now empty, wrong-typed or deleted counts as changed (its next refresh says why it cannot run);
 * a binding never run yet (no last values) is not reported.
 */
export async function parameterChanges(
  records: readonly PlacementRecord[],
  layout: WorkbookLayout,
  snapshot: (ranges: readonly GridRange[]) => Promise<Array<Pick<CellSnapshot, 'values'>>>,
): Promise<ParameterChange[]> {
  const out = new Map<string, string[]>();
  const changed = (placementId: string, cell: string) => out.set(placementId, [...(out.get(placementId) ?? []), cell]);
  const reads: Array<{
    placementId: string;
    binding: NonNullable<PlacementRecord['parameters']>[number];
    range: GridRange;
    refNow: string;
  }> = [];
  for (const record of records) {
    for (const binding of record.parameters ?? []) {
      if (binding.lastValues === undefined) continue;
      try {
        const [where] = boundRanges(record.placementId, [binding], layout.areas, layout.sheets);
        if (where) reads.push({ placementId: record.placementId, ...where });
      } catch {
        changed(record.placementId, binding.ref);
      }
    }
  }
  const snaps = reads.length === 0 ? [] : await snapshot(reads.map((r) => r.range));
  reads.forEach((r, i) => {
    let values: string[] | null = null;
    try {
      const snap = snaps[i];
      values = snap ? valuesOf(r.binding, snap, r.refNow) : null;
    } catch {
      values = null;
    }
    if (values === null || !sameValues(values, r.binding.lastValues ?? [])) changed(r.placementId, r.refNow);
  });
  return [...out].map(([placementId, cells]) => ({ placementId, cells }));
}
