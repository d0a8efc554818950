/** The JSON form of a WorkbookModel (what the preview saves): its zod schema and the conversion to and from the sheets' cell storage. */
import { z } from 'zod';
import { AddinError } from '../errors/addin-error';
import type { GridRange } from '../host';
import { RowIndex } from './row-index';
import { isEmptyRow, MAX_COLUMN_WIDTH, type RowStore, type SheetStore } from './sheet-store';

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

/** A sparse row array as JSON: holes become null, trailing empties dropped (one canonical form). */
function trimmed<T>(a: readonly (T | null | undefined)[]): (T | null)[] {
  let end = a.length;
  while (end > 0 && (a[end - 1] === undefined || a[end - 1] === null)) end -= 1;
  return Array.from(a.slice(0, end), (x) => x ?? null);
}

function colsOf(a: (boolean | undefined)[] | undefined): number[] | undefined {
  if (!a) return undefined;
  const out: number[] = [];
  a.forEach((x, c) => {
    if (x) out.push(c);
  });
  return out.length ? out : undefined;
}

/** One stored row in its JSON form. */
export function rowJsonOf(r: number, store: RowStore): z.infer<typeof rowJsonSchema> {
  const out: z.infer<typeof rowJsonSchema> = { r, v: trimmed(store.v) };
  if (store.f && store.f.some((x) => x != null)) out.f = trimmed(store.f);
  const b = colsOf(store.b);
  if (b) out.b = b;
  const x = colsOf(store.x);
  if (x) out.x = x;
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
        [...s.rows.entries()].map(([r, store]) => rowJsonOf(r, store)),
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
    const keys = [...s.rows.keys()];
    let first = true;
    for (let at = 0; at < keys.length; at += rowsPerPiece) {
      const pieces: string[] = [];
      const end = Math.min(keys.length, at + rowsPerPiece);
      for (let k = at; k < end; k += 1) {
        const r = keys[k] as number;
        const store = s.rows.get(r);
        if (store !== undefined) pieces.push(JSON.stringify(rowJsonOf(r, store)));
      }
      if (pieces.length > 0) yield `${first ? '' : ','}${pieces.join(',')}`;
      first &&= pieces.length === 0;
    }
    yield sheetTail;
  }
  yield tail;
}

function sameFormats(a: readonly (string | null | undefined)[], b: readonly (string | null | undefined)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if ((a[i] ?? null) !== (b[i] ?? null)) return false;
  return true;
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
    const rows = new RowIndex<RowStore>();
    // Rows whose formats equal the previous row's share one frozen array, as the rows of a written block do.
    let lastFormats: readonly (string | null | undefined)[] | undefined;
    for (const rj of sj.rows) {
      const store: RowStore = { v: [], f: undefined };
      rj.v.forEach((v, c) => {
        if (v !== null) store.v[c] = v;
      });
      if (rj.f) {
        const f: (string | null | undefined)[] = [];
        rj.f.forEach((x, c) => {
          if (x !== null) f[c] = x;
        });
        if (lastFormats !== undefined && sameFormats(lastFormats, f)) store.f = lastFormats;
        else if (f.some((x) => x != null)) store.f = lastFormats = Object.freeze(f);
      }
      if (rj.b) {
        store.b = [];
        for (const c of rj.b) store.b[c] = true;
      }
      if (rj.x) {
        store.x = [];
        for (const c of rj.x) store.x[c] = true;
      }
      if (!isEmptyRow(store)) rows.set(rj.r, store);
    }
    return { id: sj.id, name: sj.name, rows, widths: new Map(sj.columns ?? []) };
  });
  return { name: data.name, nextSheetSeq: data.nextSheetSeq, sheets, areas: data.areas, settings: data.settings, notes: data.notes ?? [] };
}
