/** Tests for the comparison text of cell values: what reads back from a host as written compares equal. */
import { cellKey, sameCell } from '../../../src/core/changes/cell-key';
import { seededSequence } from '../../helpers/seeded-sequence';

describe('cellKey', () => {
  it('compares numbers at the 15 digits a spreadsheet keeps', () => {
    expect(sameCell(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameCell(1234567890.1234567, 1234567890.12346)).toBe(true);
    expect(sameCell(1234567890.12, 1234567890.13)).toBe(false);
    expect(cellKey(-0)).toBe('0');
  });

  it('reads an empty cell and empty text alike', () => {
    expect(sameCell(null, '')).toBe(true);
    expect(sameCell(undefined, null)).toBe(true);
    expect(sameCell(null, 0)).toBe(false);
    expect(sameCell('', ' ')).toBe(false);
  });

  it('takes a number and the same digits as text as one value, and booleans as TRUE/FALSE', () => {
    expect(sameCell(42, '42')).toBe(true);
    expect(sameCell(true, 'TRUE')).toBe(true);
    expect(sameCell(true, false)).toBe(false);
    expect(sameCell('=SUM(A1)', '=SUM(A1)')).toBe(true);
    expect(sameCell('Beauty', 'my note')).toBe(false);
  });
});

describe('cellKey of numbers', () => {
  /** The rule itself: the number rounded to 15 significant digits, in its shortest form. */
  const reference = (n: number): string => (n === 0 ? '0' : String(Number(n.toPrecision(15))));

  it('gives the 15-digit rounding for short, long, tiny, huge and negative numbers alike', () => {
    const samples = [
      1,
      -1,
      42,
      0.5,
      123.45,
      -98765.4321,
      45234.5416666667,
      45234.541666666664,
      1e21,
      1.5e-7,
      123456789012345,
      1234567890123456,
      9007199254740991,
      -0.30000000000000004,
      1 / 3,
      2 / 3,
      1e-320,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      1e15,
      -1e15,
      999999999999999,
      1e14,
      120000000000000.5,
      0.000001,
      0.0000012345678901234,
      100.5,
      -45000.25,
    ];
    for (const n of samples) expect(cellKey(n)).toBe(reference(n));
  });

  it('agrees with the rounding over a spread of generated numbers', () => {
    // The same numbers every run, of every length and scale.
    const next = seededSequence(12345);
    const wrong: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(next() * 40 - 20);
      const digits = 10 ** Math.floor(next() * 18);
      const n = (Math.round(next() * digits) / digits) * scale * (next() < 0.5 ? -1 : 1);
      if (cellKey(n) !== reference(n)) wrong.push(n);
    }
    expect(wrong).toEqual([]);
  });

  it('agrees with the rounding over doubles of arbitrary bits', () => {
    const bits = new Float64Array(1);
    const words = new Uint32Array(bits.buffer);
    let seed = 777;
    const word = (): number => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0);
    const wrong: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      words[0] = word();
      words[1] = word();
      const n = bits[0]!;
      if (Number.isFinite(n) && cellKey(n) !== reference(n)) wrong.push(n);
    }
    expect(wrong).toEqual([]);
  });

  it('agrees with the rounding at and near halfway between two 15-digit values, and for date serials with a time', () => {
    const next = seededSequence(4242);
    const wrong: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const n = 1e14 + Math.floor(next() * 9e14);
      const scale = 10 ** Math.floor(next() * 21);
      // n + 0.5 in the 16th digit, a hair either side of it, and a whole day count plus seconds of a day.
      const near = [
        (n + 0.5) / scale,
        (n + 0.5 + (next() - 0.5) * 1e-3) / scale,
        40000 + Math.floor(next() * 20000) + Math.floor(next() * 86400) / 86400,
      ];
      for (const v of [...near, ...near.map((x) => -x)]) if (cellKey(v) !== reference(v)) wrong.push(v);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps infinities and NaN as their names', () => {
    expect(cellKey(Infinity)).toBe('Infinity');
    expect(cellKey(-Infinity)).toBe('-Infinity');
    expect(cellKey(NaN)).toBe('NaN');
    expect(sameCell(NaN, NaN)).toBe(true);
  });
});
