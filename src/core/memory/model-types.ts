/** What a WorkbookModel holds and tells: a cell as it keeps it, its change events and its options. */
import type { GridBounds, RangeRect } from '../cells/a1';
import type { Scalar } from '../host';

/** One cell as the model holds it. */
export interface CellData {
  /** The stored value; for a formula, its text (the model does not compute formulas). */
  value: Scalar;
  /** Number format; `null` is General. */
  format: string | null;
  bold: boolean;
  /** True when a string starting with `=` (or `+`/`-`, not a number) was written into a non-text cell: inertness was lost. */
  formula: boolean;
}

export type ModelChange =
  | { type: 'cells'; sheetId: string; range: RangeRect }
  | { type: 'structure'; sheetId: string }
  | { type: 'columns'; sheetId: string }
  | { type: 'sheets' }
  | { type: 'areas' }
  | { type: 'settings'; key: string };

export type ModelListener = (change: ModelChange) => void;

export interface WorkbookModelOptions {
  name?: string;
  bounds?: Partial<GridBounds>;
  /** Name of the first sheet when the model starts empty. */
  firstSheetName?: string;
}
