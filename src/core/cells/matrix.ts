/** A laid-out result ready for the sheet: values, per-cell number formats and the count of header rows. */
import type { Scalar } from '../host';

export interface Matrix {
  rows: number;
  cols: number;
  values: Scalar[][];
  /** Per-cell number format; `null` leaves the cell's format alone (TEXT_FORMAT marks inert text). */
  formats: (string | null)[][];
  /** Leading rows that are headers (titles), written bold. */
  headerRows: number;
  /** Bold of every cell, set exactly (it wins over `headerRows`); absent: only the header rows are made bold. */
  bold?: boolean[][];
}
