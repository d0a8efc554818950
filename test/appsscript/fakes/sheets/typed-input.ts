/**
 * How the fake Sheets reads a string written by `Range.setValues`: like text typed into a cell (USER_ENTERED).
 * A cell formatted as plain text `@` keeps the string as it is.
 */

export type StoredValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; n: number }
  | { kind: 'boolean'; b: boolean }
  | { kind: 'date'; ms: number }
  | { kind: 'formula'; formula: string };

/** The number format Sheets calls "Plain text". */
export const PLAIN_TEXT = '@';

const NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][+-]?\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function dateMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number | null {
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23) return null;
  return ms;
}

/**
 * Reads a string as the Sheets editor reads typed input (the spreadsheet's locale is en_US and its time zone UTC):
 * a leading apostrophe keeps the rest as text, `=` (and a `+`/`-` that is not a number) makes a formula, numbers
 * lose leading zeros and thousands separators, `12%` is 0.12, TRUE/FALSE are booleans, ISO and US dates are dates.
 */
export function parseTypedInput(raw: string): StoredValue {
  if (raw === '') return { kind: 'empty' };
  if (raw.startsWith("'")) return { kind: 'text', text: raw.slice(1) };
  if (raw.startsWith('=')) return { kind: 'formula', formula: raw };
  const s = raw.trim();
  if (s === '') return { kind: 'text', text: raw };
  if (NUMBER.test(s) && /\d/.test(s)) return { kind: 'number', n: Number(s.replace(/,/g, '')) };
  const percent = /^([+-]?\d+(\.\d+)?)%$/.exec(s);
  if (percent?.[1]) return { kind: 'number', n: Number(percent[1]) / 100 };
  if (/^true$/i.test(s)) return { kind: 'boolean', b: true };
  if (/^false$/i.test(s)) return { kind: 'boolean', b: false };
  const iso = ISO_DATE.exec(s);
  if (iso) {
    const ms = dateMs(+iso[1]!, +iso[2]!, +iso[3]!, +(iso[4] ?? 0), +(iso[5] ?? 0), +(iso[6] ?? 0));
    if (ms !== null) return { kind: 'date', ms };
  }
  const us = US_DATE.exec(s);
  if (us) {
    const ms = dateMs(+us[3]!, +us[1]!, +us[2]!, +(us[4] ?? 0), +(us[5] ?? 0), +(us[6] ?? 0));
    if (ms !== null) return { kind: 'date', ms };
  }
  // A leading + or - starts a formula in the editor ("-abc" is "=-abc", an error value).
  if (s.startsWith('+') || s.startsWith('-')) return { kind: 'formula', formula: `=${s}` };
  return { kind: 'text', text: raw };
}
