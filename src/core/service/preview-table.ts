/** A preview of a draft's first rows as the pane shows it: cells as the sheet would hold them, header rows first. */
import type { Scalar } from '../host';

export interface PreviewTable {
  headerRows: number;
  values: Scalar[][];
  formats: Array<Array<string | null>>;
  /** Query rows the preview read. */
  queryRows: number;
  /** The report may hold more rows than the preview shows (the preview read its whole row allowance). */
  more: boolean;
}
