/**
 * A filter value read from a bound cell: typed by the filter member's type (a date, a number, text, true/false) or refused
 * with a message naming the cell, before any query runs. The value goes to the builder as a value, which writes it as a
 * SQL literal of its type: a cell's text never becomes SQL.
 */
import { AddinError } from '../errors/addin-error';
import type { Scalar } from '../host';
import { numberLiteral, parseTimeValue } from '../builder/sql-text';
import { serialDateText } from './serial-date-text';

/** The member types a parameter can be typed as (the builder's member types). */
export type ParameterType = 'time' | 'number' | 'string' | 'boolean';

const TYPE_WORDS: Record<ParameterType, string> = {
  time: 'a date (a date cell, or text such as 2026-01-31)',
  number: 'a number',
  string: 'text',
  boolean: 'TRUE or FALSE',
};

function refused(ref: string, detail: string, type: ParameterType): AddinError {
  return new AddinError('validation', `The parameter cell ${ref} ${detail}. Enter ${TYPE_WORDS[type]} in ${ref}, then refresh.`, {
    data: { cell: ref, type },
  });
}

/** Shown in a message: the start of what the cell holds. */
function shown(value: Scalar): string {
  const text = String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** The filter value text of one cell, for a member of `type`; `ref` names the cell in messages ("Inputs!B2"). */
export function parameterValue(value: Scalar, type: ParameterType, ref: string): string {
  if (value === null || (typeof value === 'string' && value.trim() === '')) throw refused(ref, 'is empty', type);
  switch (type) {
    case 'time': {
      if (typeof value === 'number') {
        if (!Number.isFinite(value) || value < 1) throw refused(ref, `holds ${shown(value)}, not a date`, type);
        return serialDateText(value);
      }
      const t = typeof value === 'string' ? parseTimeValue(value) : null;
      if (t === null) throw refused(ref, `holds "${shown(value)}", not a date`, type);
      return t.time === null ? t.date : `${t.date} ${t.time}`;
    }
    case 'number': {
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) throw refused(ref, `holds ${shown(value)}`, type);
        return String(value);
      }
      const n = typeof value === 'string' ? numberLiteral(value) : null;
      if (n === null) throw refused(ref, `holds "${shown(value)}", not a number`, type);
      return n;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      const b = String(value).trim().toLowerCase();
      if (b === 'true' || b === 'false') return b;
      throw refused(ref, `holds "${shown(value)}", not TRUE or FALSE`, type);
    }
    case 'string':
      return typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value);
  }
}

/** The values of a bound list (a range: every non-empty cell, in row order); refused when every cell is empty. */
export function parameterList(cells: ReadonlyArray<ReadonlyArray<Scalar>>, type: ParameterType, ref: string): string[] {
  const out: string[] = [];
  for (const row of cells)
    for (const cell of row)
      if (!(cell === null || (typeof cell === 'string' && cell.trim() === ''))) out.push(parameterValue(cell, type, ref));
  if (out.length === 0) throw refused(ref, 'is empty', type);
  return out;
}
