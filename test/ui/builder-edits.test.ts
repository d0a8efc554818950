// Pure builder edits: zones keep a dimension in one place, moves permute, removals drop dangling sorts and granularities.
import fc from 'fast-check';
import { emptyBuilderState, type BuilderState } from '../../src/core/builder/builder-state';
import {
  addFilter,
  addOrder,
  addToZone,
  moveInZone,
  moveToZone,
  removeFromZone,
  setFilterOperator,
  withView,
  type Zone,
} from '../../src/ui/builder-edits';

const base = (): BuilderState => withView(emptyBuilderState(), 'orders');
const members = ['orders.a', 'orders.b', 'orders.c', 'orders.d'];

type Op =
  | { kind: 'add'; zone: Zone; member: string }
  | { kind: 'remove'; zone: Zone; index: number }
  | { kind: 'move'; zone: Zone; index: number; delta: number }
  | { kind: 'order' };

const zoneArb = fc.constantFrom<Zone>('rows', 'columns', 'measures');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), zone: zoneArb, member: fc.constantFrom(...members) }),
  fc.record({ kind: fc.constant('remove' as const), zone: zoneArb, index: fc.nat(4) }),
  fc.record({ kind: fc.constant('move' as const), zone: zoneArb, index: fc.nat(4), delta: fc.constantFrom(-1, 1) }),
  fc.record({ kind: fc.constant('order' as const) }),
);

function apply(s: BuilderState, op: Op): BuilderState {
  switch (op.kind) {
    case 'add':
      return addToZone(s, op.zone, op.member, op.member === 'orders.d');
    case 'remove':
      return removeFromZone(s, op.zone, op.index);
    case 'move':
      return moveInZone(s, op.zone, op.index, op.delta);
    case 'order':
      return addOrder(s);
  }
}

test('any sequence of edits keeps zones duplicate-free, dimensions out of both axes, sorts and granularities attached', () => {
  fc.assert(
    fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
      const s = ops.reduce(apply, base());
      for (const z of ['rows', 'columns', 'measures'] as const) expect(new Set(s[z]).size).toBe(s[z].length);
      expect(s.rows.filter((m) => s.columns.includes(m))).toEqual([]);
      const placed = new Set([...s.rows, ...s.columns, ...s.measures]);
      for (const o of s.order) expect(placed.has(o.member)).toBe(true);
      expect(new Set(s.order.map((o) => o.member)).size).toBe(s.order.length);
      for (const m of Object.keys(s.timeGranularity)) expect(s.rows.includes(m) || s.columns.includes(m)).toBe(true);
    }),
  );
});

test('moving permutes a zone and never loses a member', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ index: fc.integer({ min: -1, max: 5 }), delta: fc.constantFrom(-1, 1) }), { maxLength: 20 }),
      (moves) => {
        let s = members.reduce((acc, m) => addToZone(acc, 'rows', m, false), base());
        for (const mv of moves) s = moveInZone(s, 'rows', mv.index, mv.delta);
        expect([...s.rows].sort()).toEqual([...members].sort());
      },
    ),
  );
});

test('a time dimension gets the default granularity; moving it to columns keeps it; a new view starts empty', () => {
  let s = addToZone(base(), 'rows', 'orders.d', true);
  expect(s.timeGranularity).toEqual({ 'orders.d': 'day' });
  s = addToZone(s, 'columns', 'orders.d', true);
  expect(s.rows).toEqual([]);
  expect(s.columns).toEqual(['orders.d']);
  expect(s.timeGranularity).toEqual({ 'orders.d': 'day' });
  expect(withView(s, 'customers')).toEqual({ ...emptyBuilderState(), view: 'customers' });
});

test('changing a filter operator reshapes its values', () => {
  let s = addFilter(base(), 'orders.a');
  expect(s.filters[0]).toEqual({ member: 'orders.a', operator: 'equals', values: [''] });
  s = setFilterOperator(s, 0, 'set');
  expect(s.filters[0]?.values).toEqual([]);
  s = setFilterOperator(s, 0, 'inDateRange');
  expect(s.filters[0]?.values).toEqual(['', '']);
  s = setFilterOperator(s, 0, 'gt');
  expect(s.filters[0]?.values).toEqual(['']);
});

describe('moveToZone', () => {
  it('moves a dimension between Rows and Columns, keeping its granularity and sort; refuses Measures either way', () => {
    let s = addToZone(addToZone(addToZone(base(), 'rows', 'orders.a', false), 'rows', 'orders.d', true), 'measures', 'orders.m', false);
    s = { ...s, order: [{ member: 'orders.d', desc: true }] };
    const moved = moveToZone(s, 'rows', 1, 'columns');
    expect(moved.rows).toEqual(['orders.a']);
    expect(moved.columns).toEqual(['orders.d']);
    expect(moved.timeGranularity).toEqual(s.timeGranularity);
    expect(moved.order).toEqual(s.order);
    expect(moveToZone(s, 'rows', 0, 'measures')).toBe(s);
    expect(moveToZone(s, 'measures', 0, 'rows')).toBe(s);
    expect(moveToZone(s, 'rows', 5, 'columns')).toBe(s);
  });
});
