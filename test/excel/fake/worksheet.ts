/**
 * Excel.Worksheet and Excel.WorksheetCollection of the fake: ids, names, add/delete/rename, ranges, used range, events.
 * Ranges are reached by address or indexes.
 */
import { FakeNoteCollection } from './notes';
import { MAX_COLS, MAX_ROWS, checked, parseRect, rectAddress, type Rect } from './a1';
import { FakeClientObject, FakeClientResult, loadPaths, notLoaded } from './client-object';
import { fail } from './errors';
import { FakeEventHandlers } from './event-handlers';
import { FakeRange } from './range';
import type { FakeRequestContext } from './request-context';
import { WORKBOOK_SCOPE } from './engine';
import { colOf, rowOf, type SheetState } from './workbook-state';

/** Fires Excel's change events for a change the fake just applied (the add-in's own changes fire them too). */
export function emitSheetChange(context: FakeRequestContext, sheet: SheetState, changeType: string, rect: Rect): void {
  const engine = context.engine;
  const args = {
    type: 'WorksheetChanged',
    changeType,
    address: rectAddress(rect),
    worksheetId: sheet.id,
    source: 'Local',
    triggerSource: engine.actingAsUser ? 'Unknown' : 'ThisLocalAddin',
  };
  engine.emit('worksheet.onChanged', sheet.id, args);
  engine.emit('worksheets.onChanged', WORKBOOK_SCOPE, args);
}

export class FakeWorksheet extends FakeClientObject<SheetState> {
  protected readonly scalarProperties = ['id', 'name', 'position', 'visibility'] as const;

  constructor(context: FakeRequestContext, resolve: () => SheetState | null) {
    super(context, resolve);
  }

  /** The sheet's notes (ExcelApi 1.18). */
  get notes(): FakeNoteCollection {
    if (!this.context.engine.supports(18)) fail('ApiNotFound', 'worksheet.notes needs ExcelApi 1.18.');
    return new FakeNoteCollection(this.context, this.context.engine.state.notes, () => this.liveSheet());
  }

  liveSheet(): SheetState {
    const s = this.targetOrNull();
    if (s === null) fail('InvalidReference', 'This reference is not valid (null object).');
    if (!this.context.engine.state.sheets.includes(s)) fail('ItemNotFound', 'The worksheet was deleted.');
    return s;
  }

  protected read(name: string, sheet: SheetState): unknown {
    switch (name) {
      case 'id':
        return sheet.id;
      case 'name':
        return sheet.name;
      case 'position':
        return this.context.engine.state.sheets.indexOf(sheet);
      default:
        return 'Visible';
    }
  }

  get id(): string {
    return this.loaded('id');
  }
  get position(): number {
    return this.loaded('position');
  }
  get visibility(): string {
    return this.loaded('visibility');
  }
  get name(): string {
    return this.loaded('name');
  }
  set name(value: string) {
    this.context.enqueue('renameWorksheet', value, () => {
      const sheet = this.liveSheet();
      const before = sheet.name;
      this.context.engine.state.renameSheet(sheet, value);
      if (before !== value)
        this.context.engine.emit('worksheets.onNameChanged', WORKBOOK_SCOPE, {
          type: 'WorksheetNameChanged',
          worksheetId: sheet.id,
          nameBefore: before,
          nameAfter: value,
          source: 'Local',
        });
    });
  }

  delete(): void {
    this.context.enqueue('deleteWorksheet', null, () => {
      const sheet = this.liveSheet();
      this.context.engine.state.deleteSheet(sheet);
      this.context.engine.emit('worksheets.onDeleted', WORKBOOK_SCOPE, {
        type: 'WorksheetDeleted',
        worksheetId: sheet.id,
        source: 'Local',
      });
    });
  }

  activate(): void {
    this.context.enqueue('activate', null, () => {
      this.context.engine.state.activeSheetId = this.liveSheet().id;
    });
  }

  getRange(address?: string): FakeRange {
    return new FakeRange(this.context, () => ({
      sheet: this.liveSheet(),
      rect: address === undefined ? { row: 0, col: 0, rows: MAX_ROWS, cols: MAX_COLS } : parseRect(address),
    }));
  }

  /** Several areas by address ("C7, C9:D9"), ExcelApi 1.9's RangeAreas; the fake answers `select`. */
  getRanges(address: string): { select(): void } {
    if (!this.context.engine.supports(9)) fail('ApiNotFound', 'getRanges needs ExcelApi 1.9.');
    const rects = address.split(',').map((part) => parseRect(part));
    return {
      select: () => {
        this.context.enqueue('select', null, () => {
          const first = rects[0];
          if (!first) fail('InvalidArgument', 'getRanges needs at least one address.');
          this.context.engine.select(this.liveSheet().id, first, rects);
        });
      },
    };
  }

  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): FakeRange {
    if (!this.context.engine.supports(7)) fail('ApiNotFound', 'getRangeByIndexes needs ExcelApi 1.7.');
    return new FakeRange(this.context, () => ({
      sheet: this.liveSheet(),
      rect: checked(
        { row: startRow, col: startColumn, rows: rowCount, cols: columnCount },
        `getRangeByIndexes(${startRow}, ${startColumn}, ${rowCount}, ${columnCount})`,
      ),
    }));
  }

  private usedRect(valuesOnly: boolean): Rect | null {
    const sheet = this.liveSheet();
    let r0 = Infinity;
    let r1 = -1;
    let c0 = Infinity;
    let c1 = -1;
    for (const [k, c] of sheet.cells) {
      if (valuesOnly && c.value === '' && c.formula === undefined) continue;
      const r = rowOf(k);
      const col = colOf(k);
      r0 = Math.min(r0, r);
      r1 = Math.max(r1, r);
      c0 = Math.min(c0, col);
      c1 = Math.max(c1, col);
    }
    return r1 < 0 ? null : { row: r0, col: c0, rows: r1 - r0 + 1, cols: c1 - c0 + 1 };
  }

  getUsedRange(valuesOnly = false): FakeRange {
    return new FakeRange(this.context, () => ({
      sheet: this.liveSheet(),
      rect: this.usedRect(valuesOnly) ?? { row: 0, col: 0, rows: 1, cols: 1 },
    }));
  }

  getUsedRangeOrNullObject(valuesOnly = false): FakeRange {
    return new FakeRange(this.context, () => {
      const rect = this.usedRect(valuesOnly);
      return rect === null ? null : { sheet: this.liveSheet(), rect };
    });
  }

  get onChanged(): FakeEventHandlers<unknown> {
    if (!this.context.engine.supports(7)) fail('ApiNotFound', 'Worksheet.onChanged needs ExcelApi 1.7.');
    return new FakeEventHandlers(this.context, 'worksheet.onChanged', () => this.liveSheet().id);
  }
}

export class FakeWorksheetCollection {
  private loadedItems: FakeWorksheet[] | undefined;

  constructor(private readonly context: FakeRequestContext) {}

  get items(): FakeWorksheet[] {
    if (!this.loadedItems) notLoaded('items');
    return this.loadedItems;
  }

  load(spec?: string | string[] | { select?: string | string[] }): this {
    const names = (loadPaths(spec) ?? ['id', 'name', 'position', 'visibility'])
      .map((p) => p.replace(/^items\//, ''))
      .filter((p) => p !== 'items');
    this.context.enqueue('loadWorksheets', names, (commit) => {
      const items = this.context.engine.state.sheets.map((sheet) => {
        const ws = new FakeWorksheet(this.context, () => sheet);
        ws.deliver(
          new Map(
            names.map((n) => [
              n,
              n === 'position'
                ? this.context.engine.state.sheets.indexOf(sheet)
                : n === 'id'
                  ? sheet.id
                  : n === 'name'
                    ? sheet.name
                    : 'Visible',
            ]),
          ),
        );
        return ws;
      });
      this.context.engine.addResponseBytes(JSON.stringify(items.map((i) => i.toJSON())).length);
      commit(() => (this.loadedItems = items));
    });
    return this;
  }

  add(name?: string): FakeWorksheet {
    let created: SheetState | undefined;
    this.context.enqueue('addWorksheet', name ?? null, () => {
      created = this.context.engine.state.addSheet(name);
      this.context.engine.emit('worksheets.onAdded', WORKBOOK_SCOPE, { type: 'WorksheetAdded', worksheetId: created.id, source: 'Local' });
    });
    return new FakeWorksheet(this.context, () => created ?? fail('ItemNotFound', 'The worksheet was not added.'));
  }

  getItem(key: string): FakeWorksheet {
    return new FakeWorksheet(this.context, () => this.context.engine.state.sheet(key));
  }

  getItemOrNullObject(key: string): FakeWorksheet {
    return new FakeWorksheet(this.context, () => this.context.engine.state.findSheet(key) ?? null);
  }

  getActiveWorksheet(): FakeWorksheet {
    return new FakeWorksheet(this.context, () => this.context.engine.state.sheet(this.context.engine.state.activeSheetId));
  }

  getCount(): FakeClientResult<number> {
    return new FakeClientResult(this.context, 'getCount', () => this.context.engine.state.sheets.length);
  }

  private events(name: 'worksheets.onAdded' | 'worksheets.onDeleted' | 'worksheets.onChanged' | 'worksheets.onNameChanged', minor: number) {
    if (!this.context.engine.supports(minor)) return undefined;
    return new FakeEventHandlers<unknown>(this.context, name, () => WORKBOOK_SCOPE);
  }
  get onAdded(): FakeEventHandlers<unknown> | undefined {
    return this.events('worksheets.onAdded', 7);
  }
  get onDeleted(): FakeEventHandlers<unknown> | undefined {
    return this.events('worksheets.onDeleted', 7);
  }
  get onChanged(): FakeEventHandlers<unknown> | undefined {
    return this.events('worksheets.onChanged', 9);
  }
  get onNameChanged(): FakeEventHandlers<unknown> | undefined {
    return this.events('worksheets.onNameChanged', 17);
  }
}
