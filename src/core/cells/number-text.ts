/** Reading the decimal text of the query API's numbers: exact enough for a spreadsheet, or kept as exact text, plus exact ordering. */

/** Decimal number text as the engine writes it: optional sign, digits with an optional fraction, optional exponent. */
const NUMBER_TEXT = /^([+-]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;

/**
 * Spreadsheets keep 15 significant digits (Excel rounds the 16th; Sheets follows it). Trailing zeros of an integer are
 * not significant: Excel holds 2497475025000000 (ten significant digits) exactly, so it is a number that sums.
 */
export const MAX_SIGNIFICANT_DIGITS = 15;

/** Digits that identify a double uniquely: a double's shortest text never needs more. */
export const MAX_DOUBLE_DIGITS = 17;

/**
 * How a column's numbers are held at the source: `exact` (integers, decimals: every digit matters, so more digits than
 * a spreadsheet keeps means text) or `float` (binary doubles: the text is the double's own representation).
 */
export type NumberPrecision = 'exact' | 'float';

/** The largest magnitude Excel stores (9.99999999999999E+307); beyond it a number must stay text. */
const MAX_SPREADSHEET_MAGNITUDE = 9.99999999999999e307;

/** The smallest normal double; smaller non-zero magnitudes lose digits, so they stay text. */
const MIN_NORMAL_MAGNITUDE = 2.2250738585072014e-308;

interface DecimalParts {
  negative: boolean;
  /** Significant digits: no leading zeros, no trailing zeros (empty for zero). */
  digits: string;
  /** Decimal exponent such that the value is 0.<digits> x 10^exponent. */
  exponent: number;
  /** True for plain integer text (no fraction, no exponent). */
  integerOnly: boolean;
}

function decimalParts(text: string): DecimalParts | null {
  const m = NUMBER_TEXT.exec(text);
  if (!m) return null;
  const sign = m[1] ?? '';
  const intPart = m[2] ?? '';
  const fracPart = m[3] ?? m[4] ?? '';
  const expText = m[5];
  const exp = expText === undefined ? 0 : Number(expText);
  if (!Number.isSafeInteger(exp)) return null;
  const all = intPart + fracPart;
  const lead = all.length - all.replace(/^0+/, '').length;
  const trimmed = all.slice(lead).replace(/0+$/, '');
  const integerOnly = m[3] === undefined && m[4] === undefined && expText === undefined;
  return {
    negative: sign === '-',
    digits: trimmed,
    exponent: intPart.length - lead + exp,
    integerOnly,
  };
}

/** True when `text` is decimal number text in the engine's encoding (`"10"`, `"-0.5"`, `"1e3"`, `".5"`). */
export function isNumberText(text: string): boolean {
  return NUMBER_TEXT.test(text);
}

export type NumberTextReading =
  | { kind: 'number'; value: number }
  /** A number a spreadsheet cannot hold without changing it: keep the original text. */
  | { kind: 'exact'; text: string };

/**
 * Reads decimal number text. Returns `null` when the text is not a number; `exact` (keep the text) when converting
 * would lose something; otherwise the JS number (`-0` becomes 0). What loses something depends on `precision`:
 * - `exact`: more than 15 significant digits, trailing zeros not counted (what Excel would round; an integer beyond
 *   2^53 that Excel holds, such as 10000000000000000, is its number);
 * - `float`: more than 17 significant digits, or integer text that is not the shortest form of its double;
 * - both: overflow past a spreadsheet's largest number, underflow to a subnormal or zero.
 */
export function readNumberText(text: string, precision: NumberPrecision = 'exact'): NumberTextReading | null {
  const value = numberTextValue(text, precision);
  if (value === null) return null;
  return typeof value === 'number' ? { kind: 'number', value } : { kind: 'exact', text };
}

/**
 * readNumberText without allocating: the number, the text itself when it must stay exact text, or `null` when the
 * text is not number text. Plain decimals (no exponent), the engine's usual output, are read in one pass over the
 * characters; text with an exponent goes through the general reading.
 */
export function numberTextValue(text: string, precision: NumberPrecision): number | string | null {
  const n = text.length;
  let i = 0;
  const sign = n > 0 ? text.charCodeAt(0) : 0;
  if (sign === 0x2b || sign === 0x2d) i = 1;
  // Digits of the integer and fraction parts read as one sequence; positions of its first and last non-zero digit.
  let intDigits = 0;
  let allDigits = 0;
  let firstNonZero = -1;
  let lastNonZero = -1;
  let point = false;
  // The digits as one integer (exact while below 2^53: every step is then an exact double operation).
  let mantissa = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (c !== 0x30) {
        if (firstNonZero < 0) firstNonZero = allDigits;
        lastNonZero = allDigits;
      }
      mantissa = mantissa * 10 + (c - 0x30);
      allDigits++;
      if (!point) intDigits++;
    } else if (c === 0x2e && !point) {
      point = true;
    } else if (c === 0x65 || c === 0x45) {
      return readWithExponent(text, precision);
    } else {
      return null;
    }
  }
  if (allDigits === 0) return null;
  // From the first to the last non-zero digit, as Excel counts what it keeps.
  const significant = firstNonZero < 0 ? 0 : lastNonZero - firstNonZero + 1;
  if (precision === 'exact' && significant > MAX_SIGNIFICANT_DIGITS) return text;
  if (precision === 'float' && point && significant > MAX_DOUBLE_DIGITS) return text;
  if (firstNonZero < 0) return 0;
  const value = plainDecimalValue(mantissa, allDigits - intDigits, sign === 0x2d) ?? Number(text);
  if (!inSpreadsheetRange(value)) return text;
  // Integer text of up to 15 significant digits is the shortest form of its double (distinct decimals of at most 15
  // digits are distinct doubles), so only longer integer text needs the comparison readWithExponent always makes.
  if (precision === 'float' && !point && significant > MAX_SIGNIFICANT_DIGITS && compareNumberText(String(value), text) !== 0) return text;
  return value;
}

/** Exact powers of ten as doubles: 10^0 to 10^22 (10^23 is the first that a double cannot hold). */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The double nearest to `mantissa` / 10^`fractionDigits` (negated when `negative`), as Number() reads the same text,
 * when both are exact doubles: one correctly rounded IEEE division then gives the nearest double to the exact decimal
 * (Clinger's fast path). `null` when the mantissa is 2^53 or more or the scale is past 10^22 (Number() decides).
 */
function plainDecimalValue(mantissa: number, fractionDigits: number, negative: boolean): number | null {
  const scale = EXACT_POWERS_OF_TEN[fractionDigits];
  if (mantissa > Number.MAX_SAFE_INTEGER || scale === undefined) return null;
  const value = fractionDigits === 0 ? mantissa : mantissa / scale;
  return negative ? -value : value;
}

function inSpreadsheetRange(value: number): boolean {
  const magnitude = Math.abs(value);
  return Number.isFinite(value) && magnitude <= MAX_SPREADSHEET_MAGNITUDE && magnitude >= MIN_NORMAL_MAGNITUDE;
}

/** The general reading over DecimalParts (any number text, with or without exponent). */
function readWithExponent(text: string, precision: NumberPrecision): number | string | null {
  const parts = decimalParts(text);
  if (parts === null) return null;
  if (precision === 'exact' && parts.digits.length > MAX_SIGNIFICANT_DIGITS) return text;
  if (precision === 'float' && !parts.integerOnly && parts.digits.length > MAX_DOUBLE_DIGITS) return text;
  if (parts.digits === '') return 0;
  const value = Number(text);
  if (!inSpreadsheetRange(value)) return text;
  // A double's integer text is its shortest digits padded with zeros ("154657642868787400"); text whose digits are
  // not the shortest form of the double it converts to ("9007199254740993") held more than a double: keep it.
  if (precision === 'float' && parts.integerOnly && compareNumberText(String(value), text) !== 0) return text;
  return value;
}

/** Exact numeric comparison of two number texts (any length, any exponent); `null` when either is not number text. */
export function compareNumberText(a: string, b: string): number | null {
  const pa = decimalParts(a);
  const pb = decimalParts(b);
  if (pa === null || pb === null) return null;
  const sa = pa.digits === '' ? 0 : pa.negative ? -1 : 1;
  const sb = pb.digits === '' ? 0 : pb.negative ? -1 : 1;
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (sa === 0) return 0;
  let magnitude: number;
  if (pa.exponent !== pb.exponent) magnitude = pa.exponent < pb.exponent ? -1 : 1;
  else magnitude = pa.digits === pb.digits ? 0 : pa.digits < pb.digits ? -1 : 1;
  // Equal magnitudes are 0 whatever the sign (never -0).
  return magnitude === 0 ? 0 : sa * magnitude;
}
