/** An undo entry as text, for a store outside this runtime's memory: compact JSON out, parsed with zod on the way back. */
import { z } from 'zod';
import type { CellSnapshot, GridRange } from '../host';
import type { UndoEntry } from '../changes/undo-store';
import { cellFingerprintSchema, loadFingerprint, storeFingerprint } from '../changes/fingerprint';
import { placementRecordSchema } from './placement-record';
import { idText, sheetAreaSchema } from './record-bounds';
import type { UndoState } from './undo-keeper';

/** The version of the text's layout: text of another version reads as no entry. */
const UNDO_JSON_VERSION = 1;

const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A range within the largest sheet (record-bounds.ts): the text comes back from a store outside this runtime. */
const gridRangeSchema = sheetAreaSchema;
/** Snapshots one entry holds at most (the new area and the previous area's leftovers, each cut into a few bands). */
const MAX_SNAPSHOTS = 1_000;
/** A snapshot with its number formats as indexes into `t` (most cells share a few formats) and bold as 0/1. */
const snapshotJsonSchema = z.object({
  r: gridRangeSchema,
  v: z.array(z.array(scalarSchema)),
  t: z.array(z.string()),
  f: z.array(z.array(z.number().int().nonnegative())),
  b: z.array(z.array(z.union([z.literal(0), z.literal(1)]))),
});
const undoJsonSchema = z.object({
  v: z.literal(UNDO_JSON_VERSION),
  placementId: idText,
  before: z.array(snapshotJsonSchema).max(MAX_SNAPSHOTS),
  written: gridRangeSchema,
  area: gridRangeSchema.nullable(),
  record: placementRecordSchema,
  print: cellFingerprintSchema.nullable(),
  at: z.number(),
});
type SnapshotJson = z.infer<typeof snapshotJsonSchema>;

function snapshotJson(s: CellSnapshot): SnapshotJson {
  const table: string[] = [];
  const index = new Map<string, number>();
  const f = s.formats.map((row) =>
    row.map((format) => {
      let i = index.get(format);
      if (i === undefined) {
        i = table.length;
        table.push(format);
        index.set(format, i);
      }
      return i;
    }),
  );
  return { r: s.range, v: s.values, t: table, f, b: s.bold.map((row) => row.map((b) => (b ? 1 : 0))) };
}

/** Every row of a snapshot holds one cell per column of its range, and every format index names a format. */
function wellShaped(s: SnapshotJson): boolean {
  const { rows, cols } = s.r;
  const grid = (m: unknown[][]): boolean => m.length === rows && m.every((row) => row.length === cols);
  return grid(s.v) && grid(s.f) && grid(s.b) && s.f.every((row) => row.every((i) => i < s.t.length));
}

function snapshotOf(s: SnapshotJson): CellSnapshot {
  return {
    range: s.r,
    values: s.v,
    formats: s.f.map((row) => row.map((i) => s.t[i] ?? '')),
    bold: s.b.map((row) => row.map((b) => b === 1)),
  };
}

export function undoEntryText(entry: UndoEntry<UndoState>): string {
  return JSON.stringify({
    v: UNDO_JSON_VERSION,
    placementId: entry.placementId,
    before: entry.before.map(snapshotJson),
    written: entry.written,
    area: entry.area,
    record: entry.record.record,
    print: entry.record.print ? storeFingerprint(entry.record.print) : null,
    at: entry.at,
  });
}

/** The entry in `text`, or `null` when the text is not one (damaged, another version, or cut short). */
export function parseUndoEntry(text: string): UndoEntry<UndoState> | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = undoJsonSchema.safeParse(json);
  if (!parsed.success || !parsed.data.before.every(wellShaped)) return null;
  const e = parsed.data;
  const print = e.print ? loadFingerprint(e.print) : null;
  if (e.print && !print) return null;
  const area: GridRange | null = e.area;
  return {
    placementId: e.placementId,
    before: e.before.map(snapshotOf),
    written: e.written,
    area,
    record: { record: e.record, print },
    at: e.at,
  };
}
