/** A preview of a draft's first rows as the pane shows it: the cells Insert would write, header rows first. */
import type { Scalar } from '../host';

export interface PreviewTable {
  headerRows: number;
  values: Scalar[][];
  formats: Array<Array<string | null>>;
  /** Each cell as the sheet shows it in its number format (core/cells/cell-display). */
  texts: string[][];
  /** Bold of each cell as written (header rows, totals). */
  bold: boolean[][];
  /** Sheet rows below the header rows (a pivot's rows, a totals row included), as the preview shows them. */
  rows: number;
  /** The report may hold more rows than the preview shows (the preview read its whole row allowance). */
  more: boolean;
}
