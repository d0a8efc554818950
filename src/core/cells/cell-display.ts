/**
 * How a spreadsheet shows a cell value in its number format (the preview's grid and the pane's preview of a draft): dates,
 * percent and fixed decimals with literals, TEXT_FORMAT text, General numbers, booleans, and the alignment.
 */
import type { Scalar } from '../host';
import { TEXT_FORMAT } from '../host';
import { civilOfSerial } from './date-serial';

export interface CellText {
  text: string;
  align: 'left' | 'right' | 'center';
}

const MS_PER_DAY = 86_400_000;
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Text of the quoted and backslash-escaped literals of a format section, with the rest replaced by `transform`. */
function mapUnquoted(format: string, transform: (code: string) => string): string {
  let out = '';
  let code = '';
  for (let i = 0; i < format.length; i += 1) {
    const ch = format.charAt(i);
    if (ch === '"') {
      out += transform(code);
      code = '';
      const end = format.indexOf('"', i + 1);
      out += end < 0 ? format.slice(i + 1) : format.slice(i + 1, end);
      i = end < 0 ? format.length : end;
    } else if (ch === '\\' && i + 1 < format.length) {
      out += transform(code) + format.charAt(i + 1);
      code = '';
      i += 1;
    } else code += ch;
  }
  return out + transform(code);
}

function unquotedCode(format: string): string {
  let code = '';
  mapUnquoted(format, (c) => {
    code += c;
    return '';
  });
  return code;
}

/** True for formats that show a number as a date or time (y, d, h or s codes outside quotes). */
export function isDateFormat(format: string | null): boolean {
  if (format === null || format === TEXT_FORMAT) return false;
  return /[ydhs]/i.test(unquotedCode(format).replace(/\[[^\]]*\]/g, ''));
}

/** A serial date as text in a date format: yyyy, yy, mm/m (month, or minutes after h or before s), dd/d, hh/h, ss, .0/.00/.000. */
export function formatSerialDate(serial: number, format: string): string {
  let days = Math.floor(serial);
  let ms = Math.round((serial - days) * MS_PER_DAY);
  if (ms >= MS_PER_DAY) {
    days += 1;
    ms -= MS_PER_DAY;
  }
  const { year, month, day } = civilOfSerial(days);
  const hour = Math.floor(ms / 3_600_000);
  const minute = Math.floor(ms / 60_000) % 60;
  const second = Math.floor(ms / 1000) % 60;
  const millis = ms % 1000;
  return mapUnquoted(format, (code) => {
    const tokens = code.match(/yyyy|yy|mm|m|dd|d|hh|h|ss|s|\.0{1,3}|./gi) ?? [];
    return tokens
      .map((t, i) => {
        const lower = t.toLowerCase();
        const prev =
          tokens
            .slice(0, i)
            .reverse()
            .find((x) => /^[ydhms]+$/i.test(x))
            ?.toLowerCase() ?? '';
        const next =
          tokens
            .slice(i + 1)
            .find((x) => /^[ydhms]+$/i.test(x))
            ?.toLowerCase() ?? '';
        switch (lower) {
          case 'yyyy':
            return pad(year, 4);
          case 'yy':
            return pad(year % 100);
          case 'mm':
          case 'm': {
            const minutes = prev.startsWith('h') || next.startsWith('s');
            const v = minutes ? minute : month;
            return lower === 'mm' ? pad(v) : String(v);
          }
          case 'dd':
            return pad(day);
          case 'd':
            return String(day);
          case 'hh':
            return pad(hour);
          case 'h':
            return String(hour);
          case 'ss':
            return pad(second);
          case 's':
            return String(second);
          default:
            if (/^\.0+$/.test(t)) return `.${pad(millis, 3).slice(0, t.length - 1)}`;
            return t;
        }
      })
      .join('');
  });
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A number in a numeric format: `0`, `0.00`, `#,##0.00`, `0.00%`, with quoted literals before or after. */
function formatNumberPattern(value: number, format: string): string | null {
  const section = format.split(';')[0] ?? format;
  const code = unquotedCode(section);
  const m = /[#0,]*0(?:\.(0+))?%?|[#0,]*#(?:\.(0+))?%?/.exec(code);
  if (!m) return null;
  const decimals = (m[1] ?? m[2] ?? '').length;
  const percent = code.includes('%');
  const thousands = m[0].includes(',');
  const scaled = Math.abs(percent ? value * 100 : value);
  const [intPart = '0', frac] = scaled.toFixed(decimals).split('.');
  const numberText = `${thousands ? groupThousands(intPart) : intPart}${frac === undefined ? '' : `.${frac}`}${percent ? '%' : ''}`;
  let placed = false;
  const body = mapUnquoted(section, (c) => {
    if (placed) return c.replace(/[#0,.%]/g, '');
    const at = c.search(/[#0]/);
    if (at < 0) return c;
    placed = true;
    const run = /^[#0,.%]+/.exec(c.slice(at))?.[0] ?? '';
    const rest = c.slice(at + run.length).replace(/[#0,.%]/g, '');
    return `${c.slice(0, at).replace(/[,.%]/g, '')}${numberText}${rest}`;
  });
  const negative = value < 0 && Number(scaled.toFixed(decimals)) !== 0;
  return negative ? `-${body}` : body;
}

/** General format: integers as they are, other numbers to 11 significant digits (what fits a column, like Excel). */
export function generalNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e11) return String(value);
  const t = Number(value.toPrecision(11));
  return Math.abs(t) >= 1e11 || (Math.abs(t) < 1e-9 && t !== 0) ? t.toExponential(5).toUpperCase() : String(t);
}

export function displayValue(value: Scalar, format: string | null): CellText {
  if (value === null) return { text: '', align: 'left' };
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE', align: 'center' };
  if (typeof value === 'string') return { text: value, align: 'left' };
  if (format === TEXT_FORMAT) return { text: String(value), align: 'left' };
  if (format !== null && isDateFormat(format)) {
    if (value < 0) return { text: '#'.repeat(8), align: 'right' };
    return { text: formatSerialDate(value, format), align: 'right' };
  }
  if (format !== null) {
    const text = formatNumberPattern(value, format);
    if (text !== null) return { text, align: 'right' };
  }
  return { text: generalNumber(value), align: 'right' };
}
