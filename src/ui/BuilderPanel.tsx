/**
 * The report builder: view, searchable fields, zones, granularity, order, limit and the generated SQL.
 * The zones are Rows, Columns, Measures and Filters.
 */
import { Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useMemo, useState } from 'react';
import type { Meta } from '../core/wire/schemas';
import type { BuilderState } from '../core/builder/builder-state';
import { modelFilterDefaults } from '../core/builder/model-defaults';
import {
  GRANULARITIES,
  addAlternative,
  addFilter,
  removeAlternative,
  setAlternative,
  setTotal,
  addOrder,
  addToZone,
  moveFilter,
  moveOrder,
  removeFilter,
  removeFromZone,
  removeOrder,
  setFilterOperator,
  setFilterValues,
  setGranularity,
  setLimit,
  setMeasurePlacement,
  setOrder,
  withView,
  type Granularity,
  type Zone,
} from './builder-edits';
import { FieldPicker, type AddTarget } from './FieldPicker';
import { FilterEditor } from './FilterEditor';
import { MeasurePlacementPicker } from './MeasurePlacementPicker';
import type { FilterBindings } from './use-filter-bindings';
import { authorableViews, memberIndex, membersOfView, titleOf, viewTitle } from './member-info';
import { OrderEditor } from './OrderEditor';
import { SearchableCombobox } from './SearchableCombobox';
import { SqlPreview } from './SqlPreview';
import { TotalsSwitches } from './TotalsSwitches';
import { useListFocus } from './use-list-focus';
import { useZoneMoves, zoneTargets } from './use-zone-moves';
import { ZoneList, type ZoneItem } from './ZoneList';

export interface BuilderPanelProps {
  meta: Meta;
  state: BuilderState;
  onChange: (state: BuilderState) => void;
  /** The typed Limit is not a valid limit (the reason), or is again (null): the report cannot be placed meanwhile. */
  onLimitProblem: (problem: string | null) => void;
  /** The compiled SQL, or null with the reason. */
  sql: string | null;
  problem: string | null;
  /** A placed report's filters can bind their value to a cell (absent for a new report). */
  bindings?: FilterBindings;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  filters: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  zones: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // Read by screen readers, not shown: the live region that says where a moved member went.
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

const ZONES: ReadonlyArray<{ zone: Zone; label: string; empty: string }> = [
  { zone: 'rows', label: 'Rows', empty: 'Add dimensions to group rows by.' },
  { zone: 'columns', label: 'Columns', empty: 'Add dimensions to spread across columns.' },
  { zone: 'measures', label: 'Measures', empty: 'Add measures to compute.' },
];

function isGranularity(v: string): v is Granularity {
  return (GRANULARITIES as readonly string[]).includes(v);
}

export function BuilderPanel({ meta, state, onChange: change, onLimitProblem, sql, problem, bindings }: BuilderPanelProps) {
  /** Sorts that went with a member the user removed: the order list says so until the order is edited. */
  const [dropped, setDropped] = useState<string[] | null>(null);
  /** Any edit but the order's own: a sort whose member left the report is named in the order list. */
  const onChange = (next: BuilderState) => {
    const gone = state.order.filter((o) => !next.order.some((n) => n.member === o.member)).map((o) => o.member);
    if (gone.length > 0) setDropped(gone);
    change(next);
  };
  /** An edit of the order itself: what it says replaces any note about dropped sorts. */
  const onOrderChange = (next: BuilderState) => {
    setDropped(null);
    change(next);
  };
  const styles = useStyles();
  const filtersId = useId();
  const filterFocus = useListFocus();
  const views = authorableViews(meta);
  const members = membersOfView(meta, state.view);
  const index = memberIndex(meta, state.view);
  const requiredMembers = useMemo(() => modelFilterDefaults(meta, state.view).required, [meta, state.view]);
  const moves = useZoneMoves(state, onChange, (member) => titleOf(index, member));

  const placedIn = (member: string): ReadonlySet<AddTarget> => {
    const set = new Set<AddTarget>();
    if (state.rows.includes(member)) set.add('rows');
    if (state.columns.includes(member)) set.add('columns');
    if (state.measures.includes(member)) set.add('measures');
    if (state.filters.some((f) => f.member === member)) set.add('filters');
    return set;
  };

  const onAdd = (member: { name: string; type: string }, target: AddTarget) => {
    if (target !== 'filters') return onChange(addToZone(state, target, member.name, member.type === 'time'));
    const added = addFilter(state, member.name);
    // A true/false field's filter is a switch, on (true) to start with.
    onChange(member.type === 'boolean' ? setFilterValues(added, added.filters.length - 1, ['true']) : added);
  };

  const zoneItems = (zone: Zone): ZoneItem[] =>
    state[zone].map((member) => {
      const title = titleOf(index, member);
      const isTime = zone !== 'measures' && index.get(member)?.type === 'time';
      return {
        member,
        title,
        extra: isTime ? (
          <Select
            size="small"
            aria-label={`Granularity of ${title}`}
            value={state.timeGranularity[member] ?? 'none'}
            onChange={(_, d) => onChange(setGranularity(state, member, isGranularity(d.value) ? d.value : null))}
          >
            <option value="none">Exact value</option>
            {GRANULARITIES.map((g) => (
              <option key={g} value={g}>
                {g[0]?.toUpperCase()}
                {g.slice(1)}
              </option>
            ))}
          </Select>
        ) : undefined,
      };
    });

  return (
    <div className={styles.root}>
      <SearchableCombobox
        label="View"
        placeholder="Choose a view"
        options={views.map((v) => ({ value: v.name, text: viewTitle(v) }))}
        selected={state.view}
        onSelect={(view) => onChange(withView(state, view, modelFilterDefaults(meta, view).filters))}
      />
      {state.view !== null && (
        <>
          <FieldPicker members={members} placedIn={placedIn} onAdd={onAdd} />
          <div className={styles.zones} ref={moves.ref}>
            {ZONES.map(({ zone, label, empty }) => (
              <ZoneList
                key={zone}
                zone={zone}
                label={label}
                items={zoneItems(zone)}
                emptyText={empty}
                targets={zoneTargets(zone)}
                onMove={(i, delta) => moves.move(zone, i, delta)}
                onMoveTo={(i, to) => moves.moveTo(zone, i, to)}
                onRefused={(i, direction) => moves.refuse(zone, i, direction)}
                onRemove={(i) => onChange(removeFromZone(state, zone, i))}
              />
            ))}
            <div role="status" aria-live="polite" className={styles.visuallyHidden}>
              {moves.announcement}
            </div>
          </div>
          {state.columns.length > 0 && state.measures.length > 1 && (
            <MeasurePlacementPicker
              axis={state.measuresAxis ?? 'columns'}
              position={state.measuresPosition ?? 'before'}
              onChange={(placement) => onChange(setMeasurePlacement(state, placement))}
            />
          )}
          <div role="group" aria-labelledby={filtersId} ref={filterFocus.ref} tabIndex={-1}>
            <Text id={filtersId} weight="semibold">
              Filters
            </Text>
            {state.filters.length === 0 ? (
              <Text block size={200} className={styles.muted}>
                No filters.
              </Text>
            ) : (
              <ul className={styles.filters}>
                {state.filters.map((f, i) => (
                  <FilterEditor
                    key={`${f.member}-${i}`}
                    filter={f}
                    title={titleOf(index, f.member)}
                    memberType={index.get(f.member)?.type ?? 'string'}
                    view={state.view ?? ''}
                    alternativeMembers={members.filter((m) => m.kind === (index.get(f.member)?.kind ?? 'dimension'))}
                    onAddAlternative={() => onChange(addAlternative(state, i))}
                    onAlternative={(alt, condition) => onChange(setAlternative(state, i, alt, condition))}
                    onRemoveAlternative={(alt) => onChange(removeAlternative(state, i, alt))}
                    onOperator={(op) => {
                      const next = setFilterOperator(state, i, op);
                      // A true/false field "equals" one of them: it starts as true (the switch's on state).
                      const isBoolean = index.get(f.member)?.type === 'boolean' && op === 'equals';
                      onChange(isBoolean ? setFilterValues(next, i, ['true']) : next);
                    }}
                    onValues={(values) => onChange(setFilterValues(state, i, values))}
                    binding={bindingOf(bindings, i, f.member, index.get(f.member)?.type ?? 'string')}
                    required={requiredMembers.has(f.member) && state.filters.filter((x) => x.member === f.member).length === 1}
                    onRemove={() => {
                      filterFocus.after(i, 'remove');
                      onChange(removeFilter(state, i));
                    }}
                    onMoveUp={
                      i > 0
                        ? () => {
                            filterFocus.after(i - 1, 'up');
                            onChange(moveFilter(state, i, -1));
                          }
                        : undefined
                    }
                    onMoveDown={
                      i < state.filters.length - 1
                        ? () => {
                            filterFocus.after(i + 1, 'down');
                            onChange(moveFilter(state, i, 1));
                          }
                        : undefined
                    }
                  />
                ))}
              </ul>
            )}
          </div>
          {state.measures.length > 0 && (
            <TotalsSwitches
              pivot={state.columns.length > 0}
              totals={{ rows: false, columns: false, grand: false, ...state.totals }}
              onChange={(which, on) => onChange(setTotal(state, which, on))}
            />
          )}
          <OrderEditor
            order={state.order}
            choices={[...state.rows, ...state.columns, ...state.measures].map((member) => ({ member, title: titleOf(index, member) }))}
            limit={state.limit}
            dropped={dropped?.map((member) => titleOf(index, member)) ?? null}
            onSet={(i, entry) => onOrderChange(setOrder(state, i, entry))}
            onAdd={() => onOrderChange(addOrder(state))}
            onRemove={(i) => onOrderChange(removeOrder(state, i))}
            onMove={(i, delta) => onOrderChange(moveOrder(state, i, delta))}
            onLimit={(limit) => {
              if (typeof limit === 'object' && limit !== null) {
                onLimitProblem(limit.invalid);
                return;
              }
              onLimitProblem(null);
              onChange(setLimit(state, limit));
            }}
          />
        </>
      )}
      <SqlPreview sql={sql} problem={problem} />
    </div>
  );
}

/** Filter `i`'s Bind to cell choice, when the report is placed. */
function bindingOf(bindings: FilterBindings | undefined, i: number, member: string, memberType: string) {
  if (!bindings) return undefined;
  return {
    boundCell: bindings.boundCellOf(i),
    activeCell: bindings.activeCell,
    onBind: (ref: string | null) => bindings.bind(i, member, memberType, ref),
  };
}
