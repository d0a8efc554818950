/**
 * How the fake stores a value written through `Range.values`: Excel parses strings like typed input (a leading `=`, `+`, `-`
 * makes a formula, number-, boolean- and date-like text is coerced) unless the cell's number format is `@` (text).
 */

export type CellValue = string | number | boolean;

export interface StoredInput {
  value: CellValue;
  /** The formula when the input became one (its value is then `#NAME?`: the fake evaluates no formulas). */
  formula?: string;
  /** The number format Excel applies when it recognises a date, percentage, currency or scientific number in General cells. */
  impliedFormat?: string;
}

const MS_PER_DAY = 86400000;
const EPOCH_1899_12_30 = Date.UTC(1899, 11, 30);

/** Excel's serial number of a UTC calendar date (1900 date system, dates after 1900-03-01). */
export function dateSerial(year: number, month: number, day: number): number {
  return (Date.UTC(year, month - 1, day) - EPOCH_1899_12_30) / MS_PER_DAY;
}

const NUMBER = /^\(?[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:e[+-]?\d+)?\)?$/i;

function parseNumberLike(text: string): StoredInput | undefined {
  let s = text.trim();
  let format: string | undefined;
  if (s.endsWith('%')) {
    s = s.slice(0, -1);
    format = '0%';
  }
  const currency = /^([+-]?)[$€£¥](.*)$/.exec(s);
  if (currency) {
    s = currency[1]! + currency[2]!;
    format = '$#,##0.00';
  }
  if (!/\d/.test(s) || !NUMBER.test(s)) return undefined;
  const negative = s.startsWith('(') && s.endsWith(')');
  if (s.startsWith('(') !== s.endsWith(')')) return undefined;
  const n = Number(s.replace(/[(),]/g, ''));
  if (!Number.isFinite(n)) return undefined;
  if (/e/i.test(s) && !format) format = '0.00E+00';
  const value = (negative ? -n : n) / (format === '0%' ? 100 : 1);
  return format ? { value, impliedFormat: format } : { value };
}

function parseDateLike(text: string, currentYear: number): StoredInput | undefined {
  const s = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (m) {
    const [, y, mo, d, h, mi, se] = m;
    const day = validDate(Number(y), Number(mo), Number(d));
    if (day === undefined) return undefined;
    const time = h === undefined ? 0 : (Number(h) * 3600 + Number(mi) * 60 + Number(se ?? 0)) / 86400;
    return { value: day + time, impliedFormat: h === undefined ? 'yyyy-mm-dd' : 'yyyy-mm-dd h:mm' };
  }
  m = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?$/.exec(s);
  if (m) {
    const year = m[3] === undefined ? currentYear : m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    const day = validDate(year, Number(m[1]), Number(m[2]));
    return day === undefined ? undefined : { value: day, impliedFormat: 'm/d/yyyy' };
  }
  m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (m && Number(m[1]) < 24 && Number(m[2]) < 60) {
    return { value: (Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0)) / 86400, impliedFormat: 'h:mm' };
  }
  return undefined;
}

function validDate(y: number, mo: number, d: number): number | undefined {
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d || y < 1900) return undefined;
  return dateSerial(y, mo, d);
}

/** What a cell holds after `input` is written into it while its number format is `format`. */
export function storeInput(input: CellValue, format: string, currentYear: number): StoredInput {
  if (typeof input !== 'string') return { value: input };
  if (format === '@') return { value: input };
  if (input === '') return { value: '' };
  const first = input[0];
  if (first === '=') return { value: '#NAME?', formula: input };
  if (first === '+' || first === '-') {
    const n = parseNumberLike(input);
    if (n) return n;
    return { value: '#NAME?', formula: `=${input}` };
  }
  if (first === '@') return { value: '#NAME?', formula: `=${input}` };
  if (/^(true|false)$/i.test(input)) return { value: input.toLowerCase() === 'true' };
  if (/^#(N\/A|NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!)$/i.test(input)) return { value: input.toUpperCase() };
  return parseNumberLike(input) ?? parseDateLike(input, currentYear) ?? { value: input };
}
