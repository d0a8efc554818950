/** A hook keeping the bound cells of the report being built or edited, for its filters' "Bind to cell" choice, and their values. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PlacementView } from '../core/service/addin-service';
import type { ParameterBindingInput } from '../core/params/parameter-binding';
import { parameterTypeSchema } from '../core/params/parameter-binding';
import type { AppliedValue } from '../core/params/apply-parameters';
import { usePaneEnv } from './pane-env';
import { useServiceEvents } from './use-service-events';

/** What the bound cells give the filters now: nothing bound, being read, read, or refused (an empty or wrong cell). */
export type BoundCells =
  { kind: 'none' } | { kind: 'reading'; cells: string[] } | { kind: 'read'; values: AppliedValue[] } | { kind: 'failed'; error: unknown };

/** What the builder's filters need to bind their first value to a cell. */
export interface FilterBindings {
  /** The cell filter `index`'s first value is bound to, or null. */
  boundCellOf: (index: number) => string | null;
  /** The active cell's reference. */
  activeCell: () => Promise<string>;
  /** Bind (or unbind, `ref` null) filter `index` on `member` of `memberType`; rejects with the service's error. */
  bind: (index: number, member: string, memberType: string, ref: string | null) => Promise<void>;
  /** The bindings as they are: for a new report, what its Insert stores with the placement. */
  bindings: ParameterBindingInput[];
  /** The values the bound cells hold, as the report's run will read them. */
  cells: BoundCells;
  /** Reads the bound cells again (the user may have typed in the sheet since). */
  reread: () => void;
}

/**
 * The bindings of `editing`: for a placed report a change is saved on the placement at once (the next run, the edit's
 * Save included, reads the cells); for a new report (null) they are kept here until its Insert stores them. The cells
 * are read when a binding changes, when the pane is told the workbook changed, when the window gets the focus and on
 * `reread`, so the form checks and previews the value the run will take from the cell, never the one typed in the box.
 */
export function useFilterBindings(editing: PlacementView | null): FilterBindings {
  const { service } = usePaneEnv();
  const [bindings, setBindings] = useState<ParameterBindingInput[]>(() => (editing?.parameters ?? []).map((p) => p.binding));
  const placementId = editing?.placementId ?? null;
  const bind = useCallback(
    async (index: number, member: string, memberType: string, ref: string | null) => {
      const type = parameterTypeSchema.catch('string').parse(memberType);
      const others = bindings.filter((b) => !(b.filter === index && b.alternative === undefined));
      const next: ParameterBindingInput[] = ref === null ? others : [...others, { filter: index, value: 0, member, type, ref }];
      if (placementId !== null) await service.bindParameters(placementId, next);
      setBindings(next);
    },
    [service, placementId, bindings],
  );
  const activeCell = useCallback(async () => (await service.activeCell()).label, [service]);

  const key = JSON.stringify(bindings);
  const [reads, setReads] = useState(0);
  const reread = useCallback(() => setReads((n) => n + 1), []);
  /** The last answer, with the bindings it was read for: an answer for other bindings is not shown. */
  const [answer, setAnswer] = useState<{ key: string; cells: BoundCells } | null>(null);
  useEffect(() => {
    if (bindings.length === 0) return;
    let live = true;
    service.boundCellValues(bindings).then(
      (read) =>
        live &&
        setAnswer({
          key,
          cells: {
            kind: 'read',
            values: bindings.map((b, i) => ({ binding: b, refNow: read[i]?.cell ?? b.ref, values: read[i]?.values ?? [] })),
          },
        }),
      (error: unknown) => live && setAnswer({ key, cells: { kind: 'failed', error } }),
    );
    return () => {
      live = false;
    };
    // The bindings are compared by their content (key).
  }, [service, key, reads]);
  useServiceEvents((event) => event.type === 'placementsChanged' && reread());
  useEffect(() => {
    window.addEventListener('focus', reread);
    return () => window.removeEventListener('focus', reread);
  }, [reread]);

  const cells = useMemo<BoundCells>(
    () =>
      bindings.length === 0
        ? { kind: 'none' }
        : answer !== null && answer.key === key
          ? answer.cells
          : { kind: 'reading', cells: bindings.map((b) => b.ref) },
    [bindings, answer, key],
  );
  return {
    bindings,
    boundCellOf: (index) => bindings.find((b) => b.filter === index && b.alternative === undefined)?.ref ?? null,
    activeCell,
    bind,
    cells,
    reread,
  };
}
