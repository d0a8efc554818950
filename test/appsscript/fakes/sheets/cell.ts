/** A cell of the Sheets fake (stored value, number format, weight), its limits and the shape check of written data. */
import type { StoredValue } from './typed-input';

/** Characters in one cell. */
export const MAX_CELL_CHARS = 50_000;
/** A fresh cell's number format as the fake reports it [unverified: Google does not document the string]. */
export const DEFAULT_NUMBER_FORMAT = 'General';

export type Value = string | number | boolean | Date;

export interface Cell {
  value: StoredValue;
  format: string;
  bold: boolean;
  /** The cell's note (`Range.setNote`); absent: none. */
  note?: string;
}

export const EMPTY: StoredValue = { kind: 'empty' };

export function isDate(v: unknown): v is Date {
  return Object.prototype.toString.call(v) === '[object Date]';
}

export function checkShape(data: unknown, rows: number, cols: number): asserts data is unknown[][] {
  if (!Array.isArray(data)) throw new Error(`The parameters (${typeof data}) don't match the method signature.`);
  if (data.length !== rows) {
    throw new Error(
      `The number of rows in the data does not match the number of rows in the range. The data has ${data.length} but the range has ${rows}.`,
    );
  }
  for (const row of data) {
    if (!Array.isArray(row)) throw new Error(`The parameters (number[]) don't match the method signature.`);
    if (row.length !== cols) {
      throw new Error(
        `The number of columns in the data does not match the number of columns in the range. The data has ${row.length} but the range has ${cols}.`,
      );
    }
  }
}
