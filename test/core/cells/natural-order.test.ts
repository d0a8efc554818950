/** Tests for the natural order of pivot keys and exact comparison of number text. */
import fc from 'fast-check';
import { compareCodePoints, compareWireValues } from '../../../src/core/cells/natural-order';
import { compareNumberText } from '../../../src/core/cells/number-text';
import type { StreamValue } from '../../../src/core/wire/schemas';

describe('compareNumberText', () => {
  it('agrees with exact integer comparison at any size', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (a, b) => {
        expect(compareNumberText(a.toString(), b.toString())).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });

  it('agrees with number comparison for doubles, in any notation', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true }), (a, b) => {
        expect(compareNumberText(String(a), b.toExponential())).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });

  it('treats equal values in different spellings as equal', () => {
    expect(compareNumberText('1.50', '1.5')).toBe(0);
    expect(compareNumberText('0.0', '-0')).toBe(0);
    expect(compareNumberText('.5', '5e-1')).toBe(0);
    expect(compareNumberText('abc', '1')).toBeNull();
  });
});

describe('compareWireValues', () => {
  it('puts numbers first, then false, true, then text by code point, then null', () => {
    const values: StreamValue[] = [null, 'b', true, '10', 'a', false, '9', '😀', '\uFF5E', 'B', 2.5];
    expect([...values].sort(compareWireValues)).toEqual([2.5, '9', '10', false, true, 'B', 'a', 'b', '\uFF5E', '😀', null]);
  });

  it('orders ISO timestamps chronologically', () => {
    expect(['2024-10-01T00:00:00.000', '2024-02-01T00:00:00.000', '2023-12-31T23:59:59.999'].sort(compareWireValues)).toEqual([
      '2023-12-31T23:59:59.999',
      '2024-02-01T00:00:00.000',
      '2024-10-01T00:00:00.000',
    ]);
  });

  it('is a total order: antisymmetric, transitive, zero only for identical values', () => {
    const value = fc.oneof(
      fc.constantFrom<StreamValue>(null, true, false, '1', '1.0', '01', '-0', '0'),
      fc.string({ maxLength: 3 }),
      fc.integer({ min: -5, max: 5 }),
    );
    fc.assert(
      fc.property(value, value, value, (a, b, c) => {
        expect(Math.sign(compareWireValues(a, b))).toBe(-Math.sign(compareWireValues(b, a)) || 0);
        if (compareWireValues(a, b) <= 0 && compareWireValues(b, c) <= 0) expect(compareWireValues(a, c)).toBeLessThanOrEqual(0);
        expect(compareWireValues(a, b) === 0).toBe(Object.is(a, b));
      }),
    );
  });

  it('compares by code point, not UTF-16 unit', () => {
    expect(compareCodePoints('\uFF5E', '😀')).toBe(-1);
    expect('\uFF5E' < '😀').toBe(false);
  });
});
