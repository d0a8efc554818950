/** Tests for hashing a cell's comparison text from its value: the same hash as FNV-1a over `cellKey`'s text. */
import { cellKey } from '../../../src/core/changes/cell-key';
import { FNV_OFFSET, FNV_PRIME, hashCellKey } from '../../../src/core/changes/cell-key-hash';
import type { Scalar } from '../../../src/core/host';
import { seededSequence } from '../../helpers/seeded-sequence';

/** FNV-1a over the text itself: the rule. */
function textHash(value: Scalar | undefined): number {
  const key = cellKey(value);
  let h = FNV_OFFSET;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), FNV_PRIME);
  return h;
}

/** The values of `values` whose hash differs from the text's. */
function disagreeing(values: ReadonlyArray<Scalar | undefined>): Array<Scalar | undefined> {
  return values.filter((v) => hashCellKey(FNV_OFFSET, v) !== textHash(v));
}

describe('hashCellKey', () => {
  it('hashes empty cells, text, booleans and special numbers as their text', () => {
    const values = [null, undefined, '', 'Beauty', '=SUM(A1)', 'é€😀', true, false, 0, -0, NaN, Infinity, -Infinity];
    expect(disagreeing(values)).toEqual([]);
    expect(hashCellKey(FNV_OFFSET, null)).toBe(FNV_OFFSET);
    expect(hashCellKey(FNV_OFFSET, 42)).toBe(hashCellKey(FNV_OFFSET, '42'));
    expect(hashCellKey(FNV_OFFSET, 42)).not.toBe(hashCellKey(FNV_OFFSET, 43));
  });

  it('hashes integers of every length and sign as their digits', () => {
    const values: number[] = [];
    for (let k = 0; k <= 16; k++) {
      const p = 10 ** k;
      values.push(p, p - 1, p + 1, -p, -(p - 1), 2 ** 31 + k, 2 ** 53 - k);
    }
    expect(disagreeing(values)).toEqual([]);
  });

  it('hashes fractions, tiny and huge numbers, near-halfway roundings and date serials with a time as their text', () => {
    const next = seededSequence(99);
    const values: number[] = [
      120000000000000.5,
      100000000000000.5,
      12345678901234.25,
      1234567890123.125,
      0.1 + 0.2,
      1 / 3,
      0.000001,
      1e-6,
      9.99999e-7,
      1e-7,
      1e15 - 0.5,
      99999.99999999999,
      123.45,
      1e21,
      1e-320,
    ];
    for (let i = 0; i < 10_000; i++) {
      const scale = 10 ** Math.floor(next() * 40 - 20);
      const digits = 10 ** Math.floor(next() * 18);
      values.push((Math.round(next() * digits) / digits) * scale);
      const n = 1e14 + Math.floor(next() * 9e14);
      const power = 10 ** Math.floor(next() * 21);
      values.push((n + 0.5) / power, (n + 0.5 + (next() - 0.5) * 1e-3) / power);
      values.push(40000 + Math.floor(next() * 20000) + Math.floor(next() * 86400) / 86400);
    }
    expect(disagreeing([...values, ...values.map((v) => -v)])).toEqual([]);
  });

  it("hashes decimals of up to four places (money, rates) as their text, at every length and at the short road's edges", () => {
    const next = seededSequence(4);
    const values: number[] = [0.0001, 0.0005, 0.001, 0.01, 0.1, 0.5, 0.9999, 1.5, 99999999.9999, 99999999999.9999, 1e11 - 0.5, 1e11 + 0.5];
    for (let i = 0; i < 20_000; i++) {
      const places = 1 + Math.floor(next() * 4);
      const m = Math.floor(next() * 10 ** (1 + Math.floor(next() * 15)));
      values.push(m / 10 ** places);
      // Near a decimal of four places but not its nearest double: left to the long road.
      values.push(m / 10 ** places + (next() - 0.5) * 1e-9);
    }
    expect(disagreeing([...values, ...values.map((v) => -v)])).toEqual([]);
  });

  it('hashes doubles of arbitrary bits as their text', () => {
    const bits = new Float64Array(1);
    const words = new Uint32Array(bits.buffer);
    const next = seededSequence(7);
    const values: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      words[0] = next() * 2 ** 32;
      words[1] = next() * 2 ** 32;
      values.push(bits[0]!);
    }
    expect(disagreeing(values)).toEqual([]);
  });
});
