/**
 * Where a placement's fingerprint lives in the document: JSON cut into values under 8,000 characters (Apps Script holds
 * 9 KB a property), under keys that start with the registry's prefix, so the registry's one read brings them along.
 */
import { PRODUCT_PREFIX } from '../wire/wire-names';
import { cellFingerprintSchema, loadFingerprint, storeFingerprint, type CellFingerprint } from './fingerprint';

/**
 * Keys of fingerprint parts: `svc.placementPrint.<placementId>.<n>`. They share the registry's prefix (`svc.placement`,
 * read in one `entries` call) but not its record keys (`svc.placement.<id>`), which the registry parses.
 */
export const FINGERPRINT_KEY_PREFIX = `${PRODUCT_PREFIX}.placementPrint.`;

/** Characters of one stored part. */
export const FINGERPRINT_PART_CHARS = 8_000;

export function fingerprintKey(placementId: string, part: number): string {
  return `${FINGERPRINT_KEY_PREFIX}${placementId}.${part}`;
}

/** Parts a stored fingerprint may take: enough for the most hashes its schema allows; a longer one is not read. */
const MAX_PARTS = 20;

/** Parts stored for a placement now, as found in a read of the document's entries (past MAX_PARTS: MAX_PARTS + 1). */
function storedParts(entries: Readonly<Record<string, string>>, placementId: string): number {
  let n = 0;
  while (n <= MAX_PARTS && entries[fingerprintKey(placementId, n)] !== undefined) n++;
  return n;
}

/**
 * The document changes that store `fingerprint` for a placement (or drop it: `null`), removing parts a longer one left;
 * `entries` is the document as last read (the registry's read). Apply with the registry's own update.
 */
export function fingerprintChanges(
  entries: Readonly<Record<string, string>>,
  placementId: string,
  fingerprint: CellFingerprint | null,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const text = fingerprint ? JSON.stringify(storeFingerprint(fingerprint)) : '';
  const parts = Math.ceil(text.length / FINGERPRINT_PART_CHARS);
  for (let i = 0; i < parts; i++)
    out[fingerprintKey(placementId, i)] = text.slice(i * FINGERPRINT_PART_CHARS, (i + 1) * FINGERPRINT_PART_CHARS);
  // Parts past the new end, and any left after a gap by an interrupted write, go.
  const prefix = `${FINGERPRINT_KEY_PREFIX}${placementId}.`;
  for (const key of Object.keys(entries)) {
    if (!key.startsWith(prefix)) continue;
    const part = Number(key.slice(prefix.length));
    if (!Number.isInteger(part) || part >= parts) out[key] = null;
  }
  return out;
}

/** The placement's stored fingerprint, or `null` when there is none or it is damaged (then no edit can be told). */
export function readFingerprint(entries: Readonly<Record<string, string>>, placementId: string): CellFingerprint | null {
  const parts = storedParts(entries, placementId);
  if (parts === 0 || parts > MAX_PARTS) return null;
  let text = '';
  for (let i = 0; i < parts; i++) text += entries[fingerprintKey(placementId, i)] ?? '';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = cellFingerprintSchema.safeParse(json);
  return parsed.success ? loadFingerprint(parsed.data) : null;
}
