/** The cell notes of a WorkbookModel: text by sheet and cell, told to the model's listeners as a change of that cell. */

/** Notes keyed by sheet id and cell; a note stays on its cell (row and column edits do not move it in the model). */
export class CellNotes {
  private readonly byCell = new Map<string, string>();

  constructor(private readonly changed: (sheetId: string, row: number, col: number) => void) {}

  private static key(sheetId: string, row: number, col: number): string {
    return `${sheetId}!${row},${col}`;
  }

  /** The note of a cell, or null when it has none. */
  get(sheetId: string, row: number, col: number): string | null {
    return this.byCell.get(CellNotes.key(sheetId, row, col)) ?? null;
  }

  /** Set (text) or remove (null or empty text) the note of a cell. */
  set(sheetId: string, row: number, col: number, text: string | null): void {
    const key = CellNotes.key(sheetId, row, col);
    if ((this.byCell.get(key) ?? null) === (text || null)) return;
    if (text) this.byCell.set(key, text);
    else this.byCell.delete(key);
    this.changed(sheetId, row, col);
  }

  /** Every note of a sheet, by 0-based cell. */
  onSheet(sheetId: string): Array<{ row: number; col: number; text: string }> {
    const prefix = `${sheetId}!`;
    return [...this.byCell]
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, text]) => {
        const [row, col] = k.slice(prefix.length).split(',').map(Number) as [number, number];
        return { row, col, text };
      });
  }
}
