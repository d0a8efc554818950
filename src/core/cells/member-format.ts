/** Number formats derived from a result column's `format` / `currency` (the member's display hints in the stream header). */
import type { StreamColumn } from '../wire/schemas';

/** Percent members hold fractions (0.25 is 25%), as the platform's own front end formats them. */
export const PERCENT_FORMAT = '0.00%';

/** Symbols placed before the amount, quoted so that every host and locale takes them literally. */
const CURRENCY_PREFIX: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: '¥', INR: '₹', KRW: '₩', BRL: 'R$' };
/** Currencies without minor units. */
const NO_DECIMALS = new Set(['JPY', 'KRW']);

function quoted(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The number format for numeric cells of `column`, or `null` to leave the cells' formats alone: `percent` gives
 * `0.00%`, `currency` gives the currency's amount format (symbol before for the common currencies, the ISO code after
 * otherwise, `$` when no currency is named). `number`, custom formats and unknown hints give `null`.
 */
export function memberNumberFormat(column: Pick<StreamColumn, 'format' | 'currency'>): string | null {
  const hint = typeof column.format === 'string' ? column.format : null;
  if (hint === 'percent') return PERCENT_FORMAT;
  if (hint !== 'currency') return null;
  const code = (column.currency ?? 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return null;
  const amount = NO_DECIMALS.has(code) ? '#,##0' : '#,##0.00';
  const symbol = CURRENCY_PREFIX[code];
  return symbol === undefined ? `${amount} ${quoted(code)}` : `${quoted(symbol)}${amount}`;
}

/** The formats of the currencies written with a symbol. */
const SYMBOL_FORMATS = new Set(Object.keys(CURRENCY_PREFIX).map((code) => memberNumberFormat({ format: 'currency', currency: code })));

/** Whether `format` is exactly one that memberNumberFormat gives (percent, a currency amount with its symbol or its code). */
export function isMemberNumberFormat(format: string): boolean {
  return format === PERCENT_FORMAT || SYMBOL_FORMATS.has(format) || /^#,##0\.00 "[A-Z]{3}"$/.test(format);
}
