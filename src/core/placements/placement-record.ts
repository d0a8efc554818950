/**
 * The placement registry kept in the document: one non-secret record per placed report, each under its own key (plus a
 * small index keeping their order), parsed with zod; a damaged record is reported and skipped, never fatal for the others.
 */
import { z } from 'zod';
import { AddinError } from '../errors/addin-error';
import { PRODUCT_PREFIX } from '../wire/wire-names';
import type { DocumentStore } from '../host';
import { growthSchema } from './growth-setting';
import { parameterBindingsSchema } from '../params/parameter-binding';
import { FINGERPRINT_KEY_PREFIX, fingerprintChanges } from '../changes/fingerprint-store';
import {
  areaSchema,
  cellSchema,
  idText,
  MAX_SHEET_COLS,
  MAX_SHEET_ROWS,
  MAX_TEXT_CHARS,
  outOfBoundsMessage,
  outsideHost,
  shortText,
} from './record-bounds';
import type { HostLimits } from '../host';

/** Document key of the registry as one value (version 1; read and migrated to one key per placement at the next save). */
export const REGISTRY_KEY = `${PRODUCT_PREFIX}.placements`;
/** Document key of the index: the registry's version and the placement ids in list order. */
export const REGISTRY_INDEX_KEY = `${PRODUCT_PREFIX}.placementIndex`;
/** Every registry key starts with this (the index, the records and the version-1 value): one `entries` read gets them all. */
export const REGISTRY_PREFIX = `${PRODUCT_PREFIX}.placement`;
/** The version of the registry's layout: 1 is one value (read to migrate it), 2 is one key per placement and the index. */
export const REGISTRY_VERSION = 2;
/** Bytes a record may take once serialized (Apps Script's document property holds 9 KB; the rest is headroom). */
export const MAX_RECORD_CHARS = 8000;
/** A stored error message is cut to this length, so a record always fits. */
const MAX_STORED_MESSAGE_CHARS = 1000;

/** Document key of one placement's record. */
export function recordKey(placementId: string): string {
  return `${PRODUCT_PREFIX}.placement.${placementId}`;
}

/** The add-in's error kinds, as stored (kept loose so a newer kind never makes the registry unreadable). */
const lastErrorSchema = z.object({ kind: z.string().max(40), message: shortText, at: shortText });

/** Every field bounded (record-bounds.ts): what any editor of the file may have changed never makes a run go past its host. */
export const placementRecordSchema = z.object({
  placementId: idText,
  reportId: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  publicId: idText,
  deploymentId: idText,
  environmentId: idText.optional(),
  name: shortText,
  sheetId: idText,
  /** Last known sheet name (for display when the sheet is gone). */
  sheetName: shortText.optional(),
  anchor: cellSchema,
  /** Area last written, on `sheetId`; the host's tracked area is the live position. `null` once orphaned. */
  area: areaSchema.nullable(),
  /** Rows of the area last written, header rows included (version-1 records called it `rows`). */
  areaRows: z.number().int().nonnegative().max(MAX_SHEET_ROWS),
  cols: z.number().int().nonnegative().max(MAX_SHEET_COLS),
  /** Leading rows of `areaRows` that are headers (optional: without it, headerRowsOf derives them from the layout). */
  headerRows: z.number().int().nonnegative().max(MAX_SHEET_ROWS).optional(),
  layout: z.enum(['flat', 'pivot']),
  queryChecksum: shortText.optional(),
  /** The last result had exactly the platform's default cap of rows from SQL with no top-level LIMIT: almost surely cut short. */
  truncatedAtDefaultCap: z.boolean().optional(),
  placedAt: shortText,
  refreshedAt: shortText,
  lastError: lastErrorSchema.optional(),
  /** What a refresh does when its result grows into cells below holding data (absent reads as 'ask'). */
  growth: growthSchema.optional(),
  /** Filter values bound to cells (absent: none); kept here, not in the report, so each placement reads its own cells. */
  parameters: parameterBindingsSchema.optional(),
  /** Refresh without a click, debounced, when a bound cell changes (absent reads as off). */
  refreshOnParameterChange: z.boolean().optional(),
  /** A filter summary row above the table, part of the area (absent reads as off; see context-settings.ts). */
  filterSummary: z.boolean().optional(),
  /** A note on the anchor cell naming the report and its last refresh (absent reads as off). */
  anchorNote: z.boolean().optional(),
});
export type PlacementRecord = z.infer<typeof placementRecordSchema>;

/** Header rows of a record: as stored, else as its layout places them (flat 1, pivot 2 for one Columns member). */
export function headerRowsOf(record: Pick<PlacementRecord, 'headerRows' | 'layout' | 'areaRows'>): number {
  return Math.min(record.headerRows ?? (record.layout === 'pivot' ? 2 : 1), record.areaRows);
}

/** A version-1 record as version 2 names its fields (its `rows` is read as `areaRows`). */
function fromVersion1(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item) || 'areaRows' in item) return item;
  const { rows, ...rest } = item as Record<string, unknown>;
  return { ...rest, areaRows: rows };
}

const legacySchema = z.object({
  version: z.number().int(),
  placements: z.array(z.unknown()),
});

const indexSchema = z.object({
  version: z.number().int(),
  order: z.array(z.string().min(1)),
});

/** A stored record that could not be read: reported (and removable), never fatal for the others. */
export interface DamagedRecord {
  /** Its placement id when the key or the record names one. */
  placementId: string;
  key: string;
  detail: string;
  /** What its card says when it is more than damaged (a value out of bounds); absent: the damaged record's message. */
  message?: string;
}

/** The registry as read in one `entries` call. */
export interface Registry {
  records: PlacementRecord[];
  damaged: DamagedRecord[];
  /** Ids in list order, as the index keeps them (records not in it come after, by placement time). */
  order: string[];
  /** True while the registry is still the version-1 single value: the next save migrates it. */
  legacy: boolean;
  /**
   * The stored fingerprint parts of every placement (document entries under FINGERPRINT_KEY_PREFIX, read with the
   * records); absent reads as none stored.
   */
  prints?: Readonly<Record<string, string>>;
}

export const EMPTY_REGISTRY: Registry = { records: [], damaged: [], order: [], legacy: false, prints: {} };

function damaged(detail: string): AddinError {
  return new AddinError(
    'contract',
    'The list of reports placed in this workbook is damaged and could not be read. The cells are intact; reset the list, then insert the reports again to refresh them.',
    { detail, data: { key: REGISTRY_KEY } },
  );
}

function newerVersion(version: number): AddinError {
  return new AddinError('contract', 'This workbook was saved by a newer version of the add-in. Update the add-in to refresh its reports.', {
    detail: `registry version ${version}`,
  });
}

function issueText(error: z.ZodError, path = ''): string {
  const issue = error.issues[0];
  return `${path}${issue ? issue.path.join('.') : ''}: ${issue?.message ?? 'invalid'}`;
}

/** Why a record was refused: a value past its bounds says so on its card; anything else is a damaged record. */
function refusal(error: z.ZodError, path = ''): { detail: string; message?: string } {
  const detail = issueText(error, path);
  const bounds = error.issues.some((i) => i.code === 'too_big' || i.code === 'custom');
  return bounds ? { detail, message: outOfBoundsMessage(detail) } : { detail };
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (e) {
    return { ok: false, detail: `not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The version-1 single value's records (a bad or duplicate record is reported and skipped; a damaged envelope throws). */
function parseLegacy(raw: string, out: Registry): void {
  const json = parseJson(raw);
  if (!json.ok) throw damaged(json.detail);
  const envelope = legacySchema.safeParse(json.value);
  if (!envelope.success) throw damaged(envelope.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '));
  if (envelope.data.version > 1) throw newerVersion(envelope.data.version);
  const seen = new Set<string>();
  envelope.data.placements.forEach((item, i) => {
    const r = placementRecordSchema.safeParse(fromVersion1(item));
    const id = typeof item === 'object' && item !== null && 'placementId' in item ? String(item.placementId) : `#${i}`;
    if (!r.success) out.damaged.push({ placementId: id, key: REGISTRY_KEY, ...refusal(r.error, `placements.${i}.`) });
    else if (seen.has(r.data.placementId))
      out.damaged.push({ placementId: id, key: REGISTRY_KEY, detail: `placements.${i}: duplicate placementId ${id}` });
    else {
      seen.add(r.data.placementId);
      out.records.push(r.data);
      out.order.push(r.data.placementId);
    }
  });
  out.legacy = true;
}

/**
 * The registry from the document entries under REGISTRY_PREFIX (more entries may be passed; they are ignored). A record
 * that is not JSON, does not match the schema or sits under another id's key is in `damaged`; a registry written by a
 * newer add-in, or a damaged version-1 value, is an AddinError kind 'contract'.
 */
export function parseRegistry(entries: Readonly<Record<string, string>>): Registry {
  const out: Registry = { records: [], damaged: [], order: [], legacy: false };
  const prints: Record<string, string> = {};
  for (const [key, raw] of Object.entries(entries)) if (key.startsWith(FINGERPRINT_KEY_PREFIX)) prints[key] = raw;
  out.prints = prints;
  const rawIndex = entries[REGISTRY_INDEX_KEY];
  if (rawIndex !== undefined && rawIndex.trim() !== '') {
    const json = parseJson(rawIndex);
    const index = json.ok ? indexSchema.safeParse(json.value) : null;
    if (index?.success) {
      if (index.data.version > REGISTRY_VERSION) throw newerVersion(index.data.version);
      out.order = [...new Set(index.data.order)];
    }
    // A damaged index only loses the order: every record is still found by its key.
  } else {
    const legacy = entries[REGISTRY_KEY];
    if (legacy !== undefined && legacy.trim() !== '') parseLegacy(legacy, out);
  }
  const prefix = recordKey('');
  const byId = new Map(out.records.map((r) => [r.placementId, r]));
  for (const [key, raw] of Object.entries(entries)) {
    if (!key.startsWith(prefix)) continue;
    const placementId = key.slice(prefix.length);
    if (raw.length > MAX_RECORD_CHARS) {
      const detail = `${raw.length} characters, more than a record takes (${MAX_RECORD_CHARS})`;
      out.damaged.push({ placementId, key, detail, message: outOfBoundsMessage(detail) });
      continue;
    }
    const json = parseJson(raw);
    const r = json.ok ? placementRecordSchema.safeParse(json.value) : null;
    if (!json.ok) out.damaged.push({ placementId, key, detail: json.detail });
    else if (!r?.success) out.damaged.push({ placementId, key, ...(r ? refusal(r.error) : { detail: 'invalid' }) });
    else if (r.data.placementId !== placementId)
      out.damaged.push({ placementId, key, detail: `the record under ${key} is placement ${r.data.placementId}` });
    else byId.set(placementId, r.data);
  }
  const known = new Set(out.order.filter((id) => byId.has(id) || out.damaged.some((d) => d.placementId === id)));
  const unindexed = [...byId.values()].filter((r) => !known.has(r.placementId)).sort((a, b) => a.placedAt.localeCompare(b.placedAt));
  out.order = [...[...known], ...unindexed.map((r) => r.placementId)];
  out.records = out.order.flatMap((id) => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
  return out;
}

/**
 * Why a record does not fit the host it is read on (its anchor, area or a bound range past the sheet or the cells the
 * host holds), or null when it fits.
 */
export function recordOutsideHost(record: PlacementRecord, limits: HostLimits): string | null {
  const anchor = { ...record.anchor, rows: 1, cols: 1 };
  const written = { ...record.anchor, rows: Math.max(1, record.areaRows), cols: Math.max(1, record.cols) };
  return (
    outsideHost(anchor, limits, 'its anchor') ??
    (record.area ? outsideHost(record.area, limits, 'its area') : null) ??
    outsideHost(written, limits, 'its last result') ??
    (record.parameters ?? []).reduce<string | null>((why, b) => why ?? outsideHost(b.range, limits, `the cells bound as ${b.ref}`), null)
  );
}

/** The registry with each record that does not fit `limits` moved to `damaged`, its card saying why. */
export function withinHost(registry: Registry, limits: HostLimits): Registry {
  const refused: DamagedRecord[] = [];
  const records = registry.records.filter((r) => {
    const why = recordOutsideHost(r, limits);
    if (why !== null)
      refused.push({ placementId: r.placementId, key: recordKey(r.placementId), detail: why, message: outOfBoundsMessage(why) });
    return why === null;
  });
  return refused.length === 0 ? registry : { ...registry, records, damaged: [...registry.damaged, ...refused] };
}

/** Read the registry in one document read (see parseRegistry), each record checked against the host's `limits` when given. */
export async function readRegistry(store: DocumentStore, limits?: HostLimits): Promise<Registry> {
  const registry = parseRegistry(await store.entries(REGISTRY_PREFIX));
  return limits ? withinHost(registry, limits) : registry;
}

/** The readable records, in list order. */
export async function loadRegistry(store: DocumentStore): Promise<PlacementRecord[]> {
  return (await readRegistry(store)).records;
}

/** A record as stored: validated (unknown keys dropped, so nothing but the record fields is ever saved), its error message cut. */
function serialize(record: PlacementRecord): string {
  const cut =
    record.lastError && record.lastError.message.length > MAX_STORED_MESSAGE_CHARS
      ? { ...record, lastError: { ...record.lastError, message: `${record.lastError.message.slice(0, MAX_STORED_MESSAGE_CHARS - 1)}…` } }
      : record;
  const parsed = cut.name.length > MAX_TEXT_CHARS ? null : placementRecordSchema.parse(cut);
  const text = parsed === null ? null : JSON.stringify(parsed);
  if (parsed === null || text === null || text.length > MAX_RECORD_CHARS)
    throw new AddinError('limit', `The report "${record.name.slice(0, 80)}" has too long a name to be kept in the workbook. Shorten it.`, {
      data: { chars: text?.length ?? record.name.length },
    });
  return text;
}

/**
 * The document changes that store `put` records and drop `remove` ids, given the registry as read before (`registry`):
 * one key per record, the index only when the list of ids changes, and the whole migration from version 1 when
 * `registry.legacy`. Apply them with one `DocumentStore.update`.
 */
export function registryChanges(
  registry: Pick<Registry, 'order' | 'legacy' | 'records'>,
  change: { put?: readonly PlacementRecord[]; remove?: readonly string[] },
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const removed = new Set(change.remove ?? []);
  const put = change.put ?? [];
  if (registry.legacy) for (const r of registry.records) if (!removed.has(r.placementId)) out[recordKey(r.placementId)] = serialize(r);
  for (const r of put) out[recordKey(r.placementId)] = serialize(r);
  for (const id of removed) out[recordKey(id)] = null;
  const order = [...registry.order.filter((id) => !removed.has(id))];
  for (const r of put) if (!order.includes(r.placementId)) order.push(r.placementId);
  const changed = registry.legacy || order.length !== registry.order.length || order.some((id, i) => registry.order[i] !== id);
  if (changed) out[REGISTRY_INDEX_KEY] = JSON.stringify({ version: REGISTRY_VERSION, order });
  if (registry.legacy) out[REGISTRY_KEY] = null;
  return out;
}

/** Write `records` as the whole registry (the ids no longer in it are removed): one document write. */
export async function saveRegistry(store: DocumentStore, records: readonly PlacementRecord[]): Promise<void> {
  const before = await readRegistry(store).catch(() => ({ ...EMPTY_REGISTRY, legacy: true }));
  const keep = new Set(records.map((r) => r.placementId));
  const remove = [...before.order, ...before.damaged.map((d) => d.placementId)].filter((id) => !keep.has(id));
  const changes = registryChanges({ ...before, records: [] }, { put: records, remove });
  for (const id of remove) Object.assign(changes, fingerprintChanges(before.prints ?? {}, id, null));
  // The order is exactly `records`' order.
  changes[REGISTRY_INDEX_KEY] = JSON.stringify({ version: REGISTRY_VERSION, order: records.map((r) => r.placementId) });
  await store.update(changes);
}

/** Replace a damaged registry with an empty one (the user's explicit choice). */
export async function resetRegistry(store: DocumentStore): Promise<void> {
  const changes: Record<string, string | null> = {};
  for (const key of Object.keys(await store.entries(REGISTRY_PREFIX))) changes[key] = null;
  changes[REGISTRY_INDEX_KEY] = JSON.stringify({ version: REGISTRY_VERSION, order: [] });
  await store.update(changes);
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
