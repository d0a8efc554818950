/**
 * Excel.Note and Excel.NoteCollection of the fake (ExcelApi 1.18), as a worksheet's `notes`: `add(cell, content)`,
 * `getItemOrNullObject(address)`, a note's `content` and `delete()`. A note is on one cell; a second one there fails.
 */
import { parseRect } from './a1';
import { FakeClientObject } from './client-object';
import { fail } from './errors';
import type { FakeRange } from './range';
import type { FakeRequestContext } from './request-context';
import type { SheetState } from './workbook-state';

/** A note as the fake workbook keeps it. */
export interface NoteState {
  sheetId: string;
  row: number;
  col: number;
  content: string;
}

/** The workbook's notes by `sheetId!row,col`. */
export type NoteMap = Map<string, NoteState>;

function oneCell(range: FakeRange): { sheetId: string; row: number; col: number } {
  const { sheet, rect } = range.liveTarget();
  if (rect.rows !== 1 || rect.cols !== 1) fail('InvalidArgument', 'A note is added to one cell.');
  return { sheetId: sheet.id, row: rect.row, col: rect.col };
}

const keyOf = (c: { sheetId: string; row: number; col: number }): string => `${c.sheetId}!${c.row},${c.col}`;

export class FakeNote extends FakeClientObject<NoteState> {
  protected readonly scalarProperties = ['content'] as const;

  constructor(
    context: FakeRequestContext,
    resolve: () => NoteState | null,
    private readonly notes: NoteMap,
  ) {
    super(context, resolve);
  }

  protected read(_name: string, n: NoteState): unknown {
    return n.content;
  }

  get content(): string {
    return this.loaded('content');
  }
  set content(v: string) {
    this.context.enqueue('setNoteContent', v, () => {
      const n = this.targetOrNull() ?? fail('ItemNotFound', "The requested resource doesn't exist (note).");
      n.content = String(v);
    });
  }

  delete(): void {
    this.context.enqueue('deleteNote', null, () => {
      const n = this.targetOrNull() ?? fail('ItemNotFound', "The requested resource doesn't exist (note).");
      this.notes.delete(keyOf(n));
    });
  }
}

export class FakeNoteCollection {
  constructor(
    private readonly context: FakeRequestContext,
    private readonly notes: NoteMap,
    private readonly sheet: () => SheetState,
  ) {}

  add(cellAddress: FakeRange, content: string): FakeNote {
    let created: NoteState | undefined;
    this.context.enqueue('addNote', { content }, () => {
      const cell = oneCell(cellAddress);
      if (cell.sheetId !== this.sheet().id) fail('InvalidArgument', 'The cell is on another sheet.');
      if (this.notes.has(keyOf(cell))) fail('InvalidArgument', 'The cell already has a note.');
      created = { ...cell, content: String(content) };
      this.notes.set(keyOf(cell), created);
    });
    return new FakeNote(this.context, () => created ?? fail('ItemNotFound', 'The note was not added.'), this.notes);
  }

  /** The note on the cell at `address` on this sheet (`"B3"`), or a null object. */
  getItemOrNullObject(address: string): FakeNote {
    return new FakeNote(
      this.context,
      () => {
        const rect = parseRect(address);
        if (rect.rows !== 1 || rect.cols !== 1) fail('InvalidArgument', 'A note is found by one cell’s address.');
        return this.notes.get(keyOf({ sheetId: this.sheet().id, row: rect.row, col: rect.col })) ?? null;
      },
      this.notes,
    );
  }
}
