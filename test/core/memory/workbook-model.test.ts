/** Tests for the in-memory workbook: host-like value semantics, row/column edits moving cells and tracked areas, persistence, events. */
import fc from 'fast-check';
import { AddinError } from '../../../src/core/errors/addin-error';
import { TEXT_FORMAT } from '../../../src/core/host';
import { WorkbookModel, type ModelChange } from '../../../src/core/memory/workbook-model';

function model(): { m: WorkbookModel; sheet: string } {
  const m = new WorkbookModel();
  return { m, sheet: m.sheets()[0]!.id };
}

/** The definition of a string written into a General cell: number text becomes its number, `=`/`+`/`-` text a formula. */
function generalCellReference(text: string): { value: string | number | null; formula: boolean } {
  if (text === '') return { value: null, formula: false };
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) && Number.isFinite(Number(text))) return { value: Number(text), formula: false };
  return { value: text, formula: text.length > 1 && /^[=+-]/.test(text) };
}

describe('WorkbookModel cells', () => {
  it('reads strings in General cells as the definition does, in blocks and in single cells (the first-character shortcut)', () => {
    const piece = fc.constantFrom('0', '9', '1', '.', '+', '-', '=', 'e', 'E', 'a', ' ', '\u0660', 'x', '5');
    const text = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), (texts) => {
        const { m, sheet } = model();
        m.setRange(sheet, 0, 0, [texts]);
        texts.forEach((t, j) => {
          m.setValue(sheet, 1, j, t);
          const expected = generalCellReference(t);
          for (const row of [0, 1]) {
            const cell = m.getCell(sheet, row, j);
            expect({ value: cell?.value ?? null, formula: cell?.formula ?? false }).toEqual(expected);
          }
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('parses strings like a host in General cells but keeps TEXT_FORMAT cells inert', () => {
    const { m, sheet } = model();
    m.setRange(sheet, 0, 0, [['=SUM(A1)', '00123', '- item', 'plain']]);
    expect(m.getCell(sheet, 0, 0)).toMatchObject({ value: '=SUM(A1)', formula: true });
    expect(m.getValue(sheet, 0, 1)).toBe(123);
    expect(m.getCell(sheet, 0, 2)?.formula).toBe(true);
    expect(m.getCell(sheet, 0, 3)).toEqual({ value: 'plain', format: null, bold: false, formula: false });

    const text = [[TEXT_FORMAT, TEXT_FORMAT, TEXT_FORMAT]];
    m.setRange(sheet, 1, 0, [['=SUM(A1)', '00123', '- item']], { formats: text });
    expect(m.getCell(sheet, 1, 0)).toEqual({ value: '=SUM(A1)', format: TEXT_FORMAT, bold: false, formula: false });
    expect(m.getValue(sheet, 1, 1)).toBe('00123');
    expect(m.getCell(sheet, 1, 2)?.formula).toBe(false);
  });

  it('treats an empty string as an empty cell and rejects values a cell cannot hold', () => {
    const { m, sheet } = model();
    m.setValue(sheet, 2, 2, 'x');
    m.setValue(sheet, 2, 2, '');
    expect(m.getCell(sheet, 2, 2)).toBeNull();
    expect(() => m.setValue(sheet, 0, 0, Number.NaN)).toThrow(AddinError);
    expect(() => m.setValue(sheet, 0, 0, 'x'.repeat(32_768))).toThrow(/at most 32767/);
    expect(() => m.setValue(sheet, 1_048_576, 0, 1)).toThrow(expect.objectContaining({ kind: 'limit' }));
  });

  it('clears values but leaves formats and bold', () => {
    const { m, sheet } = model();
    m.setRange(sheet, 0, 0, [['h'], [1]], { formats: [['0.00'], ['0.00']], boldRows: 1 });
    m.clearRange(sheet, { row: 0, col: 0, rows: 2, cols: 1 });
    expect(m.getCell(sheet, 0, 0)).toEqual({ value: null, format: '0.00', bold: true, formula: false });
    expect(m.occupied(sheet, { row: 0, col: 0, rows: 10, cols: 10 }, 10)).toEqual([]);
  });

  it('lists occupied cells in row-major order up to max', () => {
    const { m, sheet } = model();
    m.setValue(sheet, 5, 1, 'b');
    m.setValue(sheet, 3, 4, 'a');
    m.setValue(sheet, 5, 0, 'c');
    m.setValue(sheet, 9, 9, 'outside');
    expect(m.occupied(sheet, { row: 0, col: 0, rows: 6, cols: 5 }, 10)).toEqual([
      { row: 3, col: 4 },
      { row: 5, col: 0 },
      { row: 5, col: 1 },
    ]);
    expect(m.occupied(sheet, { row: 0, col: 0, rows: 1_000_000, cols: 5 }, 2)).toEqual([
      { row: 3, col: 4 },
      { row: 5, col: 0 },
    ]);
  });
});

describe('WorkbookModel structure edits', () => {
  it('moves cells and tracked areas with inserted and deleted rows like named ranges', () => {
    const { m, sheet } = model();
    m.setValue(sheet, 4, 1, 'top');
    m.trackArea('p', { sheetId: sheet, row: 4, col: 1, rows: 3, cols: 2 });
    m.insertRows(sheet, 0, 2);
    expect(m.getValue(sheet, 6, 1)).toBe('top');
    expect(m.area('p')).toEqual({ sheetId: sheet, row: 6, col: 1, rows: 3, cols: 2 });
    m.insertRows(sheet, 7, 1); // inside: grows
    expect(m.area('p')).toMatchObject({ row: 6, rows: 4 });
    m.insertRows(sheet, 10, 1); // just below: unchanged
    expect(m.area('p')).toMatchObject({ row: 6, rows: 4 });
    m.deleteRows(sheet, 5, 2); // one above, one inside
    expect(m.area('p')).toMatchObject({ row: 5, rows: 3 });
    expect(m.getValue(sheet, 5, 1)).toBeNull(); // the 'top' row was deleted
    m.deleteRows(sheet, 4, 10);
    expect(m.area('p')).toBeNull();
    expect(m.area('never')).toBeUndefined();
  });

  it('moves cells and areas with inserted and deleted columns', () => {
    const { m, sheet } = model();
    m.setRange(sheet, 0, 0, [['a', 'b', 'c', 'd']], { formats: [[null, '0%', null, null]] });
    m.trackArea('p', { sheetId: sheet, row: 0, col: 2, rows: 1, cols: 2 });
    m.insertColumns(sheet, 1, 2);
    expect(m.getValues(sheet, { row: 0, col: 0, rows: 1, cols: 6 })).toEqual([['a', null, null, 'b', 'c', 'd']]);
    expect(m.getCell(sheet, 0, 3)?.format).toBe('0%');
    expect(m.area('p')).toMatchObject({ col: 4, cols: 2 });
    m.deleteColumns(sheet, 0, 5);
    expect(m.getValues(sheet, { row: 0, col: 0, rows: 1, cols: 2 })).toEqual([['d', null]]);
    expect(m.area('p')).toMatchObject({ col: 0, cols: 1 });
  });

  it('orphans the areas of a deleted sheet and refuses to delete the last sheet', () => {
    const { m, sheet } = model();
    const other = m.addSheet('Data');
    m.trackArea('p', { sheetId: other.id, row: 0, col: 0, rows: 1, cols: 1 });
    m.trackArea('q', { sheetId: sheet, row: 0, col: 0, rows: 1, cols: 1 });
    m.deleteSheet(other.id);
    expect(m.area('p')).toBeNull();
    expect(m.area('q')).not.toBeNull();
    expect(() => m.deleteSheet(sheet)).toThrow(/at least one sheet/);
  });

  it('keeps sheet ids stable across renames and rejects duplicate or invalid names', () => {
    const { m, sheet } = model();
    const b = m.addSheet('Data');
    m.renameSheet(b.id, 'My Data');
    expect(m.sheet(b.id)).toEqual({ id: b.id, name: 'My Data' });
    expect(() => m.addSheet('my data')).toThrow(/already exists/);
    expect(() => m.renameSheet(sheet, 'a/b')).toThrow(AddinError);
    expect(m.addSheet().name).toBe('Sheet3');
  });

  it('refuses to push non-empty cells off the grid', () => {
    const m = new WorkbookModel({ bounds: { maxRows: 10 } });
    const sheet = m.sheets()[0]!.id;
    m.setValue(sheet, 9, 0, 'last');
    expect(() => m.insertRows(sheet, 0, 1)).toThrow(/pushed off/);
    expect(m.getValue(sheet, 9, 0)).toBe('last');
  });

  it('shifts 200,000 placed rows in one insert', () => {
    const { m, sheet } = model();
    const values = Array.from({ length: 200_000 }, (_, i) => Array.from({ length: 10 }, (_, j) => i * 10 + j));
    m.setRange(sheet, 1, 0, values);
    m.insertRows(sheet, 0, 3);
    expect(m.getValue(sheet, 4, 0)).toBe(0);
    expect(m.getValue(sheet, 200_003, 9)).toBe(1_999_999);
    expect(m.countValues(sheet)).toBe(2_000_000);
  });
});

describe('WorkbookModel events and persistence', () => {
  it('notifies listeners until they unsubscribe', () => {
    const { m, sheet } = model();
    const seen: ModelChange[] = [];
    const off = m.subscribe((c) => seen.push(c));
    m.setRange(sheet, 1, 1, [[1, 2]]);
    m.insertRows(sheet, 0, 1);
    off();
    m.setValue(sheet, 0, 0, 1);
    expect(seen).toEqual([
      { type: 'cells', sheetId: sheet, range: { row: 1, col: 1, rows: 1, cols: 2 } },
      { type: 'structure', sheetId: sheet },
    ]);
  });

  it('round-trips through JSON, including formats, bold, formula marks, areas and settings', () => {
    const { m, sheet } = model();
    const b = m.addSheet('Data');
    m.setRange(
      b.id,
      2,
      1,
      [
        ['h1', 'h2'],
        ['=x', '007'],
      ],
      {
        formats: [
          [null, null],
          [null, TEXT_FORMAT],
        ],
        boldRows: 1,
      },
    );
    m.trackArea('p', { sheetId: b.id, row: 2, col: 1, rows: 2, cols: 2 });
    m.trackArea('gone', { sheetId: sheet, row: 0, col: 0, rows: 1, cols: 1 });
    m.deleteRows(sheet, 0, 1);
    m.setSetting('k', 'v');
    const copy = WorkbookModel.fromJSON(JSON.parse(JSON.stringify(m.toJSON())));
    expect(copy.toJSON()).toEqual(m.toJSON());
    expect(copy.getCell(b.id, 3, 1)).toEqual({ value: '=x', format: null, bold: false, formula: true });
    expect(copy.getCell(b.id, 3, 2)).toEqual({ value: '007', format: TEXT_FORMAT, bold: false, formula: false });
    expect(copy.getCell(b.id, 2, 1)?.bold).toBe(true);
    expect(copy.area('gone')).toBeNull();
    expect(copy.getSetting('k')).toBe('v');
    expect(copy.addSheet().id).not.toBe(b.id);
  });

  it('keeps cell notes through JSON and in the sliced text, and moves them with inserted and deleted rows and columns', () => {
    const { m, sheet } = model();
    m.notes.set(sheet, 4, 2, "Report 'A', refreshed 2026-11-26 10:04");
    m.notes.set(sheet, 1, 1, 'stays');
    m.insertRows(sheet, 2, 3);
    expect(m.notes.get(sheet, 7, 2)).toBe("Report 'A', refreshed 2026-11-26 10:04");
    expect(m.notes.get(sheet, 4, 2)).toBeNull();
    m.insertColumns(sheet, 0, 1);
    expect(m.notes.onSheet(sheet).sort((a, b) => a.row - b.row)).toEqual([
      { row: 1, col: 2, text: 'stays' },
      { row: 7, col: 3, text: "Report 'A', refreshed 2026-11-26 10:04" },
    ]);
    m.deleteRows(sheet, 6, 2);
    expect(m.notes.onSheet(sheet)).toEqual([{ row: 1, col: 2, text: 'stays' }]);
    m.deleteColumns(sheet, 0, 1);
    const copy = WorkbookModel.fromJSON(JSON.parse([...m.toJSONText(1)].join('')));
    expect(copy.notes.get(sheet, 1, 1)).toBe('stays');
    expect(copy.toJSON()).toEqual(m.toJSON());
    expect(new WorkbookModel().toJSON()).not.toHaveProperty('notes');
  });

  it('rejects malformed JSON with a contract error', () => {
    expect(() => WorkbookModel.fromJSON({ version: 2 })).toThrow(expect.objectContaining({ kind: 'contract' }));
    expect(() => WorkbookModel.fromJSON('nope')).toThrow(AddinError);
  });
});
