/**
 * FNV-1a over a cell's comparison text (`cellKey`), computed from the value without building the text where the
 * value is a number: a fingerprint hashes every cell of a large result, and a number's text is its costly part. The
 * digits follow `cellKey`'s rule by another road (arithmetic, not `toPrecision`); the tests hold the two to one hash.
 */
import type { Scalar } from '../host';
import { cellKey, KEPT_DIGITS } from './cell-key';

/** FNV-1a's 32-bit offset basis and prime. */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

const ZERO = 48;
const DOT = 46;
const MINUS = 45;

/** Exact powers of ten 10^0…10^21 (every power up to 10^22 is a double exactly). */
const POWERS = Array.from({ length: 22 }, (_, k) => Number(`1e${k}`));

/** The 15 digits of the number being hashed (one hash at a time: the core is synchronous). */
const digits = new Int32Array(15);

/** `chain` continued by FNV-1a over the characters of `cellKey(value)`. */
export function hashCellKey(chain: number, value: Scalar | undefined): number {
  if (typeof value === 'number') {
    const hashed = hashNumberKey(chain, value);
    if (hashed !== null) return hashed;
  }
  const key = cellKey(value);
  let h = chain;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), FNV_PRIME);
  return h;
}

/** `chain` continued over a number's comparison text, or null where it is left to the text itself. */
function hashNumberKey(chain: number, value: number): number | null {
  if (value === 0 || !Number.isFinite(value)) return null;
  const negative = value < 0;
  const magnitude = negative ? -value : value;
  let h = negative ? Math.imul(chain ^ MINUS, FNV_PRIME) : chain;
  if (Number.isInteger(magnitude) && magnitude < 1e15) {
    // An integer below 10^15 is its own 15-digit rounding: its decimal digits.
    return hashWholeDigits(h, magnitude);
  }
  if (magnitude < 1e-6 || magnitude >= 1e15) return null;
  const fewPlaces = hashFewPlaces(h, magnitude);
  if (fewPlaces !== null) return fewPlaces;
  const scale = roundDigits(magnitude);
  if (scale < 0) return null;
  // Trailing zeros after the point are not in the text (nor the point when none is left).
  let last = 14;
  let places = scale;
  while (places > 0 && digits[last] === 0) {
    last--;
    places--;
  }
  const whole = KEPT_DIGITS - scale;
  if (whole >= 1) {
    for (let i = 0; i < whole; i++) h = Math.imul(h ^ (ZERO + digits[i]!), FNV_PRIME);
    if (places === 0) return h;
    h = Math.imul(h ^ DOT, FNV_PRIME);
    for (let i = whole; i <= last; i++) h = Math.imul(h ^ (ZERO + digits[i]!), FNV_PRIME);
    return h;
  }
  // Below 1: "0." and the zeros before the first significant digit.
  h = Math.imul(Math.imul(h ^ ZERO, FNV_PRIME) ^ DOT, FNV_PRIME);
  for (let i = whole; i < 0; i++) h = Math.imul(h ^ ZERO, FNV_PRIME);
  for (let i = 0; i <= last; i++) h = Math.imul(h ^ (ZERO + digits[i]!), FNV_PRIME);
  return h;
}

/** Decimal places the short road takes (money has two, rates four). */
const FEW_PLACES = 4;
const FEW_PLACES_SCALE = 1e4;

/**
 * `h` continued over the text of a magnitude that is the double nearest a decimal D with at most four places and at
 * most 15 significant digits (m = D × 10^4 is a whole number below 10^15, and m / 10^4, correctly rounded, gives the
 * magnitude back), or null for any other. Such a magnitude is within half an ulp (2^-53 of it) of D, and D lies on the
 * 15-digit grid whose half-spacing is at least 5 × 10^-16 of it: rounded to 15 digits the magnitude is D, and its
 * text is D's digits less trailing zeros. The digits come from m by integer arithmetic.
 */
function hashFewPlaces(h: number, magnitude: number): number | null {
  if (magnitude >= 1e11) return null;
  const m = Math.round(magnitude * FEW_PLACES_SCALE);
  if (m / FEW_PLACES_SCALE !== magnitude) return null;
  // The whole part: m / 10^4 stays at least 10^-4 from the next whole number, far more than its rounding error.
  const whole = Math.floor(m / FEW_PLACES_SCALE);
  let out = hashWholeDigits(h, whole);
  const fraction = m - whole * FEW_PLACES_SCALE;
  if (fraction === 0) return out;
  fillDigits(fraction, 0, FEW_PLACES);
  let last = FEW_PLACES - 1;
  while (digits[last] === 0) last--;
  out = Math.imul(out ^ DOT, FNV_PRIME);
  for (let i = 0; i <= last; i++) out = Math.imul(out ^ (ZERO + digits[i]!), FNV_PRIME);
  return out;
}

/** `h` continued over the decimal digits of a whole number below 10^15 (no leading zeros). */
function hashWholeDigits(h: number, whole: number): number {
  if (whole < 1e8) return hashDigitsOf(h, whole);
  const high = Math.floor(whole / 1e8);
  let out = hashDigitsOf(h, high);
  fillDigits(whole - high * 1e8, 7, 8);
  for (let i = 7; i < 15; i++) out = Math.imul(out ^ (ZERO + digits[i]!), FNV_PRIME);
  return out;
}

/** `h` continued over the decimal digits of a whole number below 10^8 (no leading zeros). */
function hashDigitsOf(h: number, whole: number): number {
  let count = 1;
  while (count < 8 && whole >= POWERS[count]!) count++;
  fillDigits(whole, 0, count);
  let out = h;
  for (let i = 0; i < count; i++) out = Math.imul(out ^ (ZERO + digits[i]!), FNV_PRIME);
  return out;
}

/** Writes the `count` decimal digits of `whole` (below 10^8, zero-padded) into `digits` from index `at`. */
function fillDigits(whole: number, at: number, count: number): void {
  let rest = whole | 0;
  for (let i = at + count - 1; i >= at; i--) {
    const next = (rest / 10) | 0;
    digits[i] = rest - next * 10;
    rest = next;
  }
}

/**
 * Writes into `digits` the 15 significant digits of `magnitude` (1e-6 <= magnitude < 1e15) rounded as `toPrecision(15)`
 * rounds them, the integer n (10^14 <= n < 10^15) with magnitude ≈ n / 10^scale, and returns the scale; -1 when the
 * digit count was misjudged at a power of ten or the rounding carries to 10^15 (both land n outside 15 digits: left to
 * `toPrecision`). The product magnitude × 10^scale is below 2^50, so it is the exact product rounded to a multiple of
 * 1/8 or finer, a grid on which every half lies: rounding keeps order, so a product below (above) a half stays at or
 * below (above) it. A product that lands on a half (a third of the serials of times to the second do) is settled by the
 * exact product's rounding error: above the half rounds up, below rounds down, on it rounds up as `toPrecision` does.
 */
function roundDigits(magnitude: number): number {
  let whole = 15;
  while (whole > -5 && magnitude < (whole > 0 ? POWERS[whole - 1]! : 1 / POWERS[1 - whole]!)) whole--;
  const scale = KEPT_DIGITS - whole;
  const power = POWERS[scale]!;
  const product = magnitude * power;
  const floor = Math.floor(product);
  const fraction = product - floor;
  const up = fraction > 0.5 || (fraction === 0.5 && productError(magnitude, power, product) >= 0);
  const n = up ? floor + 1 : floor;
  if (n < 1e14 || n >= 1e15) return -1;
  const high = Math.floor(n / 1e8);
  fillDigits(high, 0, 7);
  fillDigits(n - high * 1e8, 7, 8);
  return scale;
}

/** Veltkamp's splitter: 2^27 + 1. */
const SPLITTER = 134217729;

/**
 * a × b − product, exactly (Dekker's two-product: each factor split into halves of 26 bits, whose products are exact),
 * for `product` the rounded a × b of factors far from overflow and underflow.
 */
function productError(a: number, b: number, product: number): number {
  const ca = SPLITTER * a;
  const aHigh = ca - (ca - a);
  const aLow = a - aHigh;
  const cb = SPLITTER * b;
  const bHigh = cb - (cb - b);
  const bLow = b - bHigh;
  return aHigh * bHigh - product + aHigh * bLow + aLow * bHigh + aLow * bLow;
}
