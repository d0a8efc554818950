/** A preview cell as the sheet would show it: dates from their serials, percents, and numbers with their format's decimals. */
import type { Scalar } from '../core/host';

/** Days from the sheet's day 0 (1899-12-30) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25569;
const DAY_MS = 86_400_000;

function decimalsOf(format: string): number {
  const dot = /\.(0+)/.exec(format);
  return dot?.[1]?.length ?? 0;
}

export function previewCellText(value: Scalar, format: string | null): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if (format === null || format === '' || format === 'General') return value.toLocaleString('en-US', { maximumFractionDigits: 10 });
  if (format.startsWith('yyyy')) {
    const iso = new Date(Math.round((value - UNIX_EPOCH_SERIAL) * DAY_MS)).toISOString().replace('T', ' ');
    return iso.slice(0, format.includes('hh') ? 19 : 10);
  }
  const decimals = decimalsOf(format);
  if (format.includes('%')) return `${(value * 100).toFixed(decimals)}%`;
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
