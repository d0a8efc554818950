/** Bytes of JSON text counted without serializing: exact UTF-8 counts of a write block and a write plan's upper bound. */
import type { Scalar, WriteBlock } from '../host';
import { utf8ByteLength } from '../ndjson/utf8-length';

/** Text JSON.stringify writes as is between its quotes, one byte a character: printable ASCII but `"` and `\`. */
const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** Control characters JSON.stringify writes as a two-character escape (\b \t \n \f \r); the others take six (\u00XX). */
function controlBytes(c: number): number {
  return c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
}

/** UTF-8 bytes of JSON.stringify(text): quotes, escapes, multi-byte characters, a lone surrogate as its \uXXXX escape. */
export function jsonStringBytes(text: string): number {
  if (PLAIN_JSON_TEXT.test(text)) return text.length + 2;
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) bytes += controlBytes(c);
    else if (c === 0x22 || c === 0x5c) bytes += 2;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 6;
    } else if (c >= 0xdc00 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

/**
 * Bytes of a JSON string literal, at most: a quote or backslash counts 2, a control character 6, any other non-ASCII
 * UTF-16 unit 6 (a `\uXXXX` escape; UTF-8 never takes more than 3 per unit), plus the two quotes. A write plan sizes
 * requests with it, whatever escaping the host's serializer chooses.
 */
export function jsonStringBytesAtMost(text: string): number {
  let bytes = text.length + 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) {
      if (c === 0x22 || c === 0x5c) bytes += 1;
    } else bytes += 5;
  }
  return bytes;
}

/**
 * Bytes of a JSON string literal, at most, from its length alone: six a UTF-16 unit (its longest escape; UTF-8 takes at
 * most three) and the two quotes. No character is read, so a request of short texts is bounded in one cheap pass.
 */
export function jsonStringBytesByLength(text: string): number {
  return 6 * text.length + 2;
}

/**
 * An upper bound of jsonValuesBytes read from types and text lengths alone: a number counts MAX_NUMBER_TEXT_LENGTH, a
 * text jsonStringBytesByLength. When it is within a budget, so is the exact count.
 */
export function jsonValuesBytesAtMost(values: readonly (readonly Scalar[])[]): number {
  let bytes = 2 + Math.max(0, values.length - 1);
  for (const line of values) {
    bytes += 2 + Math.max(0, line.length - 1);
    for (let j = 0; j < line.length; j++) {
      const v = line[j];
      bytes += typeof v === 'string' ? 6 * v.length + 2 : typeof v === 'number' ? MAX_NUMBER_TEXT_LENGTH : 5;
    }
  }
  return bytes;
}

/** Largest integer magnitude that String() writes as plain digits (from 1e21 on it uses an exponent). */
const PLAIN_INTEGER_LIMIT = 1e21;

/**
 * The longest String() of a finite number: a sign, "0.", five zeros and 17 digits ("-0.0000012345678901234567");
 * exponent forms take at most 24 ("-2.2250738585072014e-308").
 */
export const MAX_NUMBER_TEXT_LENGTH = 25;

/** The length of String(v) for a finite number; integers are counted digit by digit without formatting them. */
export function numberTextLength(v: number): number {
  if (!Number.isInteger(v) || Math.abs(v) >= PLAIN_INTEGER_LIMIT) return String(v).length;
  const magnitude = Math.abs(v);
  // -0 writes as "0".
  let length = v < 0 ? 2 : 1;
  // Powers of ten up to 1e21 are exact doubles, so these comparisons are exact.
  for (let p = 10; p <= magnitude; p *= 10) length++;
  return length;
}

/**
 * Length of JSON.stringify(v) for a number: numberTextLength, or with `bound` MAX_NUMBER_TEXT_LENGTH for a
 * non-integer (no formatting); NaN and ±Infinity are `null`.
 */
function numberBytes(v: number, bound: boolean): number {
  if (!Number.isFinite(v)) return 4;
  if (bound && !Number.isInteger(v)) return MAX_NUMBER_TEXT_LENGTH;
  return numberTextLength(v);
}

function scalarBytes(v: Scalar | undefined, bound: boolean): number {
  if (v === null || v === undefined) return 4;
  if (typeof v === 'boolean') return v ? 4 : 5;
  if (typeof v === 'number') return numberBytes(v, bound);
  return jsonStringBytes(v);
}

/**
 * UTF-8 bytes of JSON.stringify(values) for a values matrix (holes and undefined written as null, as JSON.stringify
 * does); with `bound`, at least that, counting every non-integer number as MAX_NUMBER_TEXT_LENGTH (no formatting).
 */
export function jsonValuesBytes(values: readonly (readonly Scalar[])[], bound = false): number {
  let bytes = 2 + Math.max(0, values.length - 1);
  for (const line of values) {
    bytes += 2 + Math.max(0, line.length - 1);
    for (let j = 0; j < line.length; j++) bytes += scalarBytes(line[j], bound);
  }
  return bytes;
}

/**
 * UTF-8 bytes of the JSON of a block's values, format runs and bold runs (runs are few: they are serialized); with
 * `bound`, an upper bound of it that formats no fractional number (see jsonValuesBytes); with 'lengths', a looser one
 * that reads no text (jsonValuesBytesAtMost).
 */
export function jsonWriteBytes(block: Pick<WriteBlock, 'values' | 'formats' | 'bold'>, bound: boolean | 'lengths' = false): number {
  return (
    (bound === 'lengths' ? jsonValuesBytesAtMost(block.values) : jsonValuesBytes(block.values, bound)) +
    (block.formats ? utf8ByteLength(JSON.stringify(block.formats)) : 0) +
    (block.bold ? utf8ByteLength(JSON.stringify(block.bold)) : 0)
  );
}
