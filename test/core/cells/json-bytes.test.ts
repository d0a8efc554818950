/** jsonWriteBytes against its definition, estimateWriteBytes (UTF-8 bytes of JSON.stringify of the block). */
import fc from 'fast-check';
import type { Scalar } from '../../../src/core/host';
import {
  jsonStringBytes,
  jsonStringBytesAtMost,
  jsonStringBytesByLength,
  jsonValuesBytes,
  jsonValuesBytesAtMost,
  jsonWriteBytes,
} from '../../../src/core/cells/json-bytes';
import { estimateWriteBytes } from '../../../src/core/memory/memory-host';

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('"', '\\', '\n', '\t', '\u0001', '\u007f', 'é', '€', '\ud83d', '\ude00', '😀', 'a') }),
);
const scalar: fc.Arbitrary<Scalar> = fc.oneof(
  text,
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, -1e21, 123456789012345680000, 1e-7, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
);
const values = fc.array(fc.array(scalar, { maxLength: 6 }), { maxLength: 6 });

describe('jsonWriteBytes', () => {
  it('equals the UTF-8 length of JSON.stringify for any values matrix', () => {
    fc.assert(
      fc.property(values, (v) => {
        expect(jsonValuesBytes(v)).toBe(estimateWriteBytes({ values: v }));
      }),
      { numRuns: 2000 },
    );
  });

  it('bounds it from above without formatting fractions, exactly when there are none', () => {
    fc.assert(
      fc.property(values, (v) => {
        const exact = estimateWriteBytes({ values: v });
        expect(jsonValuesBytes(v, true)).toBeGreaterThanOrEqual(exact);
        if (
          v.every((line) => line.every((x) => typeof x !== 'number' || !Number.isFinite(x) || (Number.isInteger(x) && Math.abs(x) < 1e21)))
        )
          expect(jsonValuesBytes(v, true)).toBe(exact);
      }),
      { numRuns: 2000 },
    );
  });

  it('equals it for any text, lone surrogates and escapes included', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(jsonStringBytes(t)).toBe(estimateWriteBytes({ values: [[t]] }) - 4);
      }),
      { numRuns: 2000 },
    );
  });

  it("is at most the write plan's string bound, for any text", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(jsonStringBytesAtMost(t)).toBeGreaterThanOrEqual(jsonStringBytes(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('is bounded from above by the count read from types and text lengths alone, for any values matrix', () => {
    fc.assert(
      fc.property(values, (v) => {
        expect(jsonValuesBytesAtMost(v)).toBeGreaterThanOrEqual(jsonValuesBytes(v, true));
        expect(jsonWriteBytes({ values: v }, 'lengths')).toBeGreaterThanOrEqual(estimateWriteBytes({ values: v }));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(jsonStringBytesByLength(t)).toBeGreaterThanOrEqual(jsonStringBytesAtMost(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts holes as null and adds the format and bold runs', () => {
    const sparse: Scalar[][] = [new Array<Scalar>(3)];
    sparse[0]![1] = 'x';
    const block = {
      values: sparse,
      formats: [{ row: 0, col: 0, rows: 1, cols: 3, format: 'yyyy-mm-dd' }],
      bold: [{ row: 0, col: 0, rows: 1, cols: 1, bold: true }],
    };
    expect(jsonWriteBytes(block)).toBe(estimateWriteBytes(block));
    expect(jsonWriteBytes({ values: [['é']] })).toBe(8);
    expect(jsonWriteBytes({ values: [['😀', '\ud83d']] })).toBe(19);
  });
});
