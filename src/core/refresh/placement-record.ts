/** The placement registry kept in the document: one non-secret record per placed report, versioned and parsed with zod. */
import { z } from 'zod';
import { AddinError } from '../wire/errors';
import { PRODUCT_PREFIX } from '../wire/wire-names';
import type { DocumentStore } from '../host';

/** Document key of the registry (ours, not a wire name). */
export const REGISTRY_KEY = `${PRODUCT_PREFIX}.placements`;
export const REGISTRY_VERSION = 1;

const cellSchema = z.object({ row: z.number().int().nonnegative(), col: z.number().int().nonnegative() });
const areaSchema = cellSchema.extend({ rows: z.number().int().positive(), cols: z.number().int().positive() });

/** The add-in's error kinds, as stored (kept loose so a newer kind never makes the registry unreadable). */
const lastErrorSchema = z.object({ kind: z.string(), message: z.string(), at: z.string() });

export const placementRecordSchema = z.object({
  placementId: z.string().min(1),
  reportId: z.number().int(),
  publicId: z.string().min(1),
  deploymentId: z.string().min(1),
  environmentId: z.string().min(1).optional(),
  name: z.string(),
  sheetId: z.string().min(1),
  /** Last known sheet name (for display when the sheet is gone). */
  sheetName: z.string().optional(),
  anchor: cellSchema,
  /** Area last written, on `sheetId`; the host's tracked area is the live position. `null` once orphaned. */
  area: areaSchema.nullable(),
  rows: z.number().int().nonnegative(),
  cols: z.number().int().nonnegative(),
  /** Leading rows of `rows` that are headers (absent in records written before it was kept). */
  headerRows: z.number().int().nonnegative().optional(),
  layout: z.enum(['flat', 'pivot']),
  queryChecksum: z.string().optional(),
  placedAt: z.string(),
  refreshedAt: z.string(),
  lastError: lastErrorSchema.optional(),
});
export type PlacementRecord = z.infer<typeof placementRecordSchema>;

/** Header rows of a record: as stored, else what its layout had when records did not keep them (flat 1, pivot 2 for one Columns member). */
export function headerRowsOf(record: Pick<PlacementRecord, 'headerRows' | 'layout' | 'rows'>): number {
  return Math.min(record.headerRows ?? (record.layout === 'pivot' ? 2 : 1), record.rows);
}

const registrySchema = z.object({
  version: z.number().int(),
  placements: z.array(z.unknown()),
});

function damaged(detail: string): AddinError {
  return new AddinError(
    'contract',
    'The list of reports placed in this workbook is damaged and could not be read. The cells are intact; reset the list, then insert the reports again to refresh them.',
    { detail, data: { key: REGISTRY_KEY } },
  );
}

/** Read the registry: `[]` when absent or empty; AddinError kind 'contract' when damaged or written by a newer add-in. */
export async function loadRegistry(store: DocumentStore): Promise<PlacementRecord[]> {
  const raw = await store.get(REGISTRY_KEY);
  if (raw === null || raw.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    throw damaged(`not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const envelope = registrySchema.safeParse(json);
  if (!envelope.success) throw damaged(envelope.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '));
  if (envelope.data.version > REGISTRY_VERSION)
    throw new AddinError(
      'contract',
      'This workbook was saved by a newer version of the add-in. Update the add-in to refresh its reports.',
      {
        detail: `registry version ${envelope.data.version}`,
      },
    );
  const records: PlacementRecord[] = [];
  const seen = new Set<string>();
  envelope.data.placements.forEach((item, i) => {
    const r = placementRecordSchema.safeParse(item);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw damaged(`placements.${i}.${issue ? issue.path.join('.') : ''}: ${issue?.message ?? 'invalid'}`);
    }
    if (seen.has(r.data.placementId)) throw damaged(`placements.${i}: duplicate placementId ${r.data.placementId}`);
    seen.add(r.data.placementId);
    records.push(r.data);
  });
  return records;
}

/** Write the registry (records are validated first, so nothing malformed is ever stored). */
export async function saveRegistry(store: DocumentStore, records: readonly PlacementRecord[]): Promise<void> {
  const placements = records.map((r) => placementRecordSchema.parse(r));
  await store.set(REGISTRY_KEY, JSON.stringify({ version: REGISTRY_VERSION, placements }));
}

/** Replace a damaged registry with an empty one (the user's explicit choice). */
export async function resetRegistry(store: DocumentStore): Promise<void> {
  await saveRegistry(store, []);
}

/** Records with `record` added or replacing the one with its placementId (order kept). */
export function withRecord(records: readonly PlacementRecord[], record: PlacementRecord): PlacementRecord[] {
  const i = records.findIndex((r) => r.placementId === record.placementId);
  if (i < 0) return [...records, record];
  const out = [...records];
  out[i] = record;
  return out;
}

export function withoutRecord(records: readonly PlacementRecord[], placementId: string): PlacementRecord[] {
  return records.filter((r) => r.placementId !== placementId);
}
