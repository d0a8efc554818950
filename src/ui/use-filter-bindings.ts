/** A hook keeping the bound cells of the placement being edited, for its filters' "Bind to cell" choice. */
import { useCallback, useState } from 'react';
import type { PlacementView } from '../core/service/addin-service';
import type { ParameterBindingInput } from '../core/params/parameter-binding';
import { parameterTypeSchema } from '../core/params/parameter-binding';
import { usePaneEnv } from './pane-env';

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
}

/**
 * The bindings of `editing`: for a placed report a change is saved on the placement at once (the next run, the edit's
 * Save included, reads the cells); for a new report (null) they are kept here until its Insert stores them.
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
  return {
    bindings,
    boundCellOf: (index) => bindings.find((b) => b.filter === index && b.alternative === undefined)?.ref ?? null,
    activeCell,
    bind,
  };
}
