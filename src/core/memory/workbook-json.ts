/** The JSON form of a WorkbookModel (what the preview saves): its zod schema and the conversion to and from the sheets' cell storage. */
import { z } from 'zod';
import { AddinError } from '../errors/addin-error';
import type { GridRange, Scalar } from '../host';
import { CellStore } from './cell-store';
import { MAX_COLUMN_WIDTH, type SheetStore } from './sheet-store';

const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const rectSchema = z.object({
  row: z.number().int().nonnegative(),
  col: z.number().int().nonnegative(),
  rows: z.number().int().positive(),
  cols: z.number().int().positive(),
});
const rowJsonSchema = z.object({
  r: z.number().int().nonnegative(),
  /** Values by column from 0 (`null` = empty). */
  v: z.array(scalarSchema),
  f: z.array(z.string().nullable()).optional(),
  /** Bold columns. */
  b: z.array(z.number().int().nonnegative()).optional(),
  /** Formula columns. */
  x: z.array(z.number().int().nonnegative()).optional(),
});
const workbookJsonSchema = z.object({
  version: z.literal(1),
  name: z.string(),
  nextSheetSeq: z.number().int().positive(),
  sheets: z
    .array(
      z.object({
        id: z.string().min(1),
        name: z.string().min(1),
        rows: z.array(rowJsonSchema),
        /** Column widths as [column from 0, pixels]; absent in workbooks saved before widths existed (and when none is set). */
        columns: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().positive().max(MAX_COLUMN_WIDTH)])).optional(),
      }),
    )
    .min(1),
  areas: z.record(z.string(), rectSchema.extend({ sheetId: z.string().min(1) }).nullable()),
  settings: z.record(z.string(), z.string()),
  /** Cell notes; absent when there are none (and in workbooks saved before notes existed). */
  notes: z
    .array(
      z.object({
        sheetId: z.string().min(1),
        row: z.number().int().nonnegative(),
        col: z.number().int().nonnegative(),
        text: z.string().min(1),
      }),
    )
    .optional(),
});
export type WorkbookJson = z.infer<typeof workbookJsonSchema>;

/** What a model holds, as the JSON form is made from and read into. */
export interface WorkbookParts {
  name: string;
  nextSheetSeq: number;
  sheets: SheetStore[];
  areas: Record<string, GridRange | null>;
  settings: Record<string, string>;
  notes: Array<{ sheetId: string; row: number; col: number; text: string }>;
}

/** Drops trailing nulls (one canonical form). */
function trimmed<T>(a: (T | null)[]): (T | null)[] {
  let end = a.length;
  while (end > 0 && a[end - 1] === null) end -= 1;
  a.length = end;
  return a;
}

/** One stored row in its JSON form: values and formats by column from 0 (`null` where none), bold and formula columns. */
export function rowJsonOf(r: number, cells: CellStore): z.infer<typeof rowJsonSchema> {
  const width = cells.rowWidth(r);
  const v: Scalar[] = [];
  const f: (string | null)[] = [];
  const b: number[] = [];
  const x: number[] = [];
  for (let c = 0; c < width; c += 1) {
    v.push(cells.value(r, c) ?? null);
    f.push(cells.format(r, c) ?? null);
    if (cells.bold(r, c)) b.push(c);
    if (cells.formula(r, c)) x.push(c);
  }
  const out: z.infer<typeof rowJsonSchema> = { r, v: trimmed(v) };
  if (f.some((format) => format !== null)) out.f = trimmed(f);
  if (b.length > 0) out.b = b;
  if (x.length > 0) out.x = x;
  return out;
}

/** A sheet's set column widths as [column, pixels] pairs in column order, or undefined when none is set. */
export function columnsJsonOf(s: SheetStore): Array<[number, number]> | undefined {
  return s.widths.size === 0 ? undefined : [...s.widths].sort((a, b) => a[0] - b[0]);
}

type SheetJson = WorkbookJson['sheets'][number];

/** The JSON form of a sheet with the given rows: the one place its fields and their order are spelled. */
function sheetJsonOf(s: SheetStore, rows: SheetJson['rows']): SheetJson {
  const sheet: SheetJson = { id: s.id, name: s.name, rows };
  const columns = columnsJsonOf(s);
  if (columns) sheet.columns = columns;
  return sheet;
}

/** The JSON form of a workbook with the given sheets: the one place its fields and their order are spelled. */
function workbookJsonOf(parts: WorkbookParts, sheets: SheetJson[]): WorkbookJson {
  const json: WorkbookJson = {
    version: 1,
    name: parts.name,
    nextSheetSeq: parts.nextSheetSeq,
    sheets,
    areas: parts.areas,
    settings: parts.settings,
  };
  if (parts.notes.length > 0) json.notes = parts.notes;
  return json;
}

export function workbookToJson(parts: WorkbookParts): WorkbookJson {
  return workbookJsonOf(
    parts,
    parts.sheets.map((s) =>
      sheetJsonOf(
        s,
        s.cells.allRows().map((r) => rowJsonOf(r, s.cells)),
      ),
    ),
  );
}

/**
 * `text` cut just inside the array `"field":[]`: the part up to its `[` and the part from its `]`. The first match is
 * the field itself: inside a JSON string every quote is escaped, and the fields before it hold no key.
 */
function openArray(text: string, field: string): [string, string] {
  const marker = `${JSON.stringify(field)}:[]`;
  const at = text.indexOf(marker) + marker.length - 1;
  return [text.slice(0, at), text.slice(at)];
}

/**
 * The text of `JSON.stringify(workbookToJson(parts))` in pieces of at most `rowsPerPiece` rows, so a caller can
 * serialize a large workbook a slice at a time; the pieces read `parts` as they are when each is taken.
 */
export function* workbookJsonText(parts: WorkbookParts, rowsPerPiece: number): Generator<string, void, undefined> {
  const [head, tail] = openArray(JSON.stringify(workbookJsonOf(parts, [])), 'sheets');
  yield head;
  for (let i = 0; i < parts.sheets.length; i += 1) {
    const s = parts.sheets[i] as SheetStore;
    const [sheetHead, sheetTail] = openArray(JSON.stringify(sheetJsonOf(s, [])), 'rows');
    yield `${i === 0 ? '' : ','}${sheetHead}`;
    const keys = s.cells.allRows();
    let first = true;
    for (let at = 0; at < keys.length; at += rowsPerPiece) {
      const pieces: string[] = [];
      const end = Math.min(keys.length, at + rowsPerPiece);
      for (let k = at; k < end; k += 1) {
        const r = keys[k] as number;
        if (s.cells.holdsRow(r)) pieces.push(JSON.stringify(rowJsonOf(r, s.cells)));
      }
      if (pieces.length > 0) yield `${first ? '' : ','}${pieces.join(',')}`;
      first &&= pieces.length === 0;
    }
    yield sheetTail;
  }
  yield tail;
}

/** The parts of a model from its JSON form; throws AddinError kind 'contract' on a malformed value. */
export function workbookFromJson(json: unknown): WorkbookParts {
  const parsed = workbookJsonSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AddinError('contract', 'The saved workbook could not be read.', {
      detail: issue ? `${issue.path.join('.')}: ${issue.message}` : undefined,
    });
  }
  const data = parsed.data;
  const sheets = data.sheets.map((sj): SheetStore => {
    const cells = new CellStore();
    for (const rj of sj.rows) {
      rj.f?.forEach((format, c) => cells.setFormat(rj.r, c, format));
      for (const c of rj.b ?? []) cells.setBold(rj.r, c, true);
      const formulas = new Set(rj.x ?? []);
      rj.v.forEach((v, c) => cells.put(rj.r, c, v, formulas.has(c)));
    }
    return { id: sj.id, name: sj.name, cells, widths: new Map(sj.columns ?? []) };
  });
  return { name: data.name, nextSheetSeq: data.nextSheetSeq, sheets, areas: data.areas, settings: data.settings, notes: data.notes ?? [] };
}
