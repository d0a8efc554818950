/** Synthetic query results for the layout and insert benches: a mixed flat result and a pivot-shaped result, deterministic. */
import type { QueryResult } from '../src/core/api/query-result';
import type { StreamColumn, StreamValue } from '../src/core/wire/schemas';

/** A small linear congruential generator, so every run lays out the same values. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

/** The ten columns of the mixed result: every kind of value the engine sends, with its member format hints. */
export const MIXED_COLUMNS: StreamColumn[] = [
  { name: 'orders.city', column_type: 'String' },
  { name: 'orders.note', column_type: 'String' },
  { name: 'orders.id', column_type: 'Int64' },
  { name: 'orders.amount', column_type: { Decimal: [18, 2] }, format: 'currency', currency: 'USD' },
  { name: 'orders.ratio', column_type: 'Double', format: 'percent' },
  { name: 'orders.created_at', column_type: 'Timestamp' },
  { name: 'orders.day', column_type: { Date: false } },
  { name: 'orders.is_paid', column_type: 'Boolean' },
  { name: 'orders.quantity', column_type: 'Int32' },
  { name: 'orders.score', column_type: 'Float64' },
];

const CITIES = ['Zürich', '東京', 'New York', 'São Paulo', 'Berlin', 'Paris', 'Lagos', 'Mumbai'];
/** Notes that need TEXT_FORMAT (formula starters, digits, TRUE) mixed with plain ones. */
const NOTES = ['ok', 'late', '=HYPERLINK("x")', 'Order 12', '-x', 'true', 'gift wrap', '#N/A', 'call back', ' leading space'];

/** `rows` rows of MIXED_COLUMNS, values encoded as the engine encodes them (numbers and dates as text, booleans as JSON). */
export function mixedResult(rows: number, seed = 42): QueryResult {
  const rnd = lcg(seed);
  const data: StreamValue[][] = new Array<StreamValue[]>(rows);
  for (let i = 0; i < rows; i++) {
    const r = rnd();
    const month = 1 + (i % 12);
    const day = 1 + (i % 28);
    const ms = Math.floor(rnd() * 1000);
    data[i] = [
      CITIES[i % CITIES.length] ?? null,
      r < 0.1 ? null : (NOTES[Math.floor(rnd() * NOTES.length)] ?? null),
      // Mostly small ids, some beyond 2^53 (kept as exact text).
      i % 50 === 0 ? String(9_007_199_254_740_000n + BigInt(i)) : String(100_000 + i),
      r < 0.05 ? null : (rnd() * 100_000).toFixed(2),
      String(rnd()),
      `2024-${pad(month, 2)}-${pad(day, 2)}T${pad(i % 24, 2)}:${pad(i % 60, 2)}:${pad((i * 7) % 60, 2)}.${pad(ms, 3)}`,
      `20${pad(10 + (i % 15), 2)}-${pad(month, 2)}-${pad(day, 2)}`,
      i % 11 === 0 ? null : i % 7 === 0 ? 'false' : r < 0.5,
      String(Math.floor(rnd() * 1000) - 100),
      String(Math.round(rnd() * 1e6) / 1e3),
    ];
  }
  return { columns: MIXED_COLUMNS, rows: data, bytes: 0, elapsedMs: 0 };
}

export interface PivotShape {
  result: QueryResult;
  pivot: { rows: string[]; columns: string[]; measures: string[] };
}

/**
 * A pivot-shaped result of `rowKeys` x `colKeys` rows (region/product down, one day per column key, two measures),
 * in a shuffled order so the layout's sorting and placement work as on a real result.
 */
export function pivotResult(rowKeys: number, colKeys: number, seed = 7): PivotShape {
  const rnd = lcg(seed);
  const columns: StreamColumn[] = [
    { name: 'orders.region', column_type: 'String' },
    { name: 'orders.product', column_type: 'String' },
    { name: 'orders.day', column_type: { Date: false } },
    { name: 'orders.count', column_type: 'Int64' },
    { name: 'orders.amount', column_type: { Decimal: [18, 2] }, format: 'currency', currency: 'EUR' },
  ];
  const days: string[] = [];
  for (let c = 0; c < colKeys; c++) {
    const d = new Date(Date.UTC(2024, 0, 1 + c));
    days.push(d.toISOString().slice(0, 10));
  }
  const data: StreamValue[][] = [];
  for (let k = 0; k < rowKeys; k++) {
    for (let c = 0; c < colKeys; c++) {
      data.push([
        `region ${k % 10}`,
        `product-${Math.floor(k / 10)}`,
        days[c] ?? null,
        String(Math.floor(rnd() * 500)),
        (rnd() * 10_000).toFixed(2),
      ]);
    }
  }
  for (let i = data.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const t = data[i] as StreamValue[];
    data[i] = data[j] as StreamValue[];
    data[j] = t;
  }
  return {
    result: { columns, rows: data, bytes: 0, elapsedMs: 0 },
    pivot: { rows: ['orders.region', 'orders.product'], columns: ['orders.day'], measures: ['orders.count', 'orders.amount'] },
  };
}
