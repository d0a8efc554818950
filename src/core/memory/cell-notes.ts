/** The cell notes of a WorkbookModel: text by sheet and cell, told to the model's listeners as a change of that cell. */

/** Notes keyed by sheet id and cell; inserted and deleted rows and columns move them as they move the cells. */
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

  /**
   * Moves a sheet's notes at or past `at` by `count` rows or columns (inserted: count > 0; deleted: count < 0, and the
   * notes of the deleted ones go), as the host moves notes with their cells.
   */
  shift(sheetId: string, axis: 'row' | 'col', at: number, count: number): void {
    const moving = this.onSheet(sheetId).filter((n) => (axis === 'row' ? n.row : n.col) >= at);
    for (const n of moving) this.byCell.delete(CellNotes.key(sheetId, n.row, n.col));
    for (const n of moving) {
      const p = axis === 'row' ? n.row : n.col;
      if (count < 0 && p < at - count) continue;
      const row = axis === 'row' ? n.row + count : n.row;
      const col = axis === 'col' ? n.col + count : n.col;
      this.byCell.set(CellNotes.key(sheetId, row, col), n.text);
    }
  }

  /** Every note of the given sheets (a deleted sheet's notes are left out), for saving the workbook. */
  all(sheetIds: readonly string[]): Array<{ sheetId: string; row: number; col: number; text: string }> {
    return sheetIds.flatMap((sheetId) => this.onSheet(sheetId).map((n) => ({ sheetId, ...n })));
  }
}
