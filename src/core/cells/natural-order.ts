/** The natural order of wire values for pivot keys: numbers numerically, booleans false first, text by code point, null last. */
import type { StreamValue } from '../wire/schemas';
import { compareNumberText, isNumberText } from './number-text';

/** Compares strings by Unicode code point (not UTF-16 unit, not locale): the same on every machine. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) ?? 0;
    const y = b.codePointAt(i) ?? 0;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function rank(v: StreamValue): number {
  if (v === null) return 3;
  if (typeof v === 'number') return 0;
  if (typeof v === 'boolean') return 1;
  return isNumberText(v) ? 0 : 2;
}

/** A string that identifies a wire value exactly (`"10"` and `10` differ); two values are the same key iff equal. */
export function valueKey(v: StreamValue): string {
  if (v === null) return 'n';
  if (typeof v === 'boolean') return v ? 'b1' : 'b0';
  if (typeof v === 'number') return `d${String(v)}`;
  return `s${v}`;
}

/**
 * Total order on wire values: numbers (JSON numbers and number text, compared exactly) first, then false, true,
 * then other text by code point (ISO dates and timestamps are text of one fixed shape, so this is chronological),
 * then null. Values equal in number but different in text ("1", "1.0") fall back to their keys, so the order is total.
 */
export function compareWireValues(a: StreamValue, b: StreamValue): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  let c = 0;
  if (ra === 0) c = compareNumberText(String(a), String(b)) ?? 0;
  else if (ra === 1) c = a === b ? 0 : a === false ? -1 : 1;
  else if (ra === 2) c = compareCodePoints(String(a), String(b));
  return c !== 0 ? c : compareCodePoints(valueKey(a), valueKey(b));
}

/** Element-wise compareWireValues of two equally long tuples. */
export function compareWireTuples(a: readonly StreamValue[], b: readonly StreamValue[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareWireValues(a[i] ?? null, b[i] ?? null);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}
