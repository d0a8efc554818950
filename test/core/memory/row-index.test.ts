/** RowIndex against a Map of the same rows: lookups, size, deletes and ascending iteration, far down the grid too. */
import fc from 'fast-check';
import { RowIndex } from '../../../src/core/memory/row-index';
import type { RowStore } from '../../../src/core/memory/sheet-store';

describe('RowIndex', () => {
  it('answers as a Map of the same sets and deletes, iterating rows in ascending order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.oneof(fc.nat(3000), fc.integer({ min: 1_000_000, max: 3_000_000 }))), { maxLength: 200 }),
        (ops) => {
          const index = new RowIndex<RowStore>();
          const map = new Map<number, RowStore>();
          for (const [add, row] of ops) {
            if (add) {
              const store: RowStore = { v: [row] };
              index.set(row, store);
              map.set(row, store);
            } else expect(index.delete(row)).toBe(map.delete(row));
          }
          expect(index.size).toBe(map.size);
          const sorted = [...map.entries()].sort((a, b) => a[0] - b[0]);
          expect([...index.entries()]).toEqual(sorted);
          expect([...index]).toEqual(sorted);
          expect([...index.keys()]).toEqual(sorted.map(([r]) => r));
          expect([...index.values()]).toEqual(sorted.map(([, s]) => s));
          for (const [, row] of ops) {
            expect(index.get(row)).toBe(map.get(row));
            expect(index.has(row)).toBe(map.has(row));
          }
        },
      ),
    );
  });

  it('replacing a row keeps the count', () => {
    const index = new RowIndex<RowStore>();
    index.set(5, { v: [1] }).set(5, { v: [2] });
    expect(index.size).toBe(1);
    expect(index.get(5)?.v).toEqual([2]);
    expect(index.delete(6)).toBe(false);
  });
});
