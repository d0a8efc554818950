/** 16-bit hashes packed into compact base64 text for the document, and back (the core has no btoa: written out here). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX: ReadonlyMap<string, number> = new Map([...ALPHABET].map((c, i) => [c, i]));

/** Each value's low 16 bits, big-endian, as unpadded base64url (8 characters per 3 values). */
export function encodeHashes(values: readonly number[]): string {
  const bytes: number[] = [];
  for (const v of values) bytes.push((v >>> 8) & 0xff, v & 0xff);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >>> 18) & 63]! + ALPHABET[(n >>> 12) & 63]!;
    if (b !== undefined) out += ALPHABET[(n >>> 6) & 63]!;
    if (c !== undefined) out += ALPHABET[n & 63]!;
  }
  return out;
}

/** The values `encodeHashes` packed, or `null` when the text is not such a packing (a damaged or foreign value). */
export function decodeHashes(text: string, count: number): number[] | null {
  const bytes: number[] = [];
  let bits = 0;
  let acc = 0;
  for (const ch of text) {
    const v = INDEX.get(ch);
    if (v === undefined) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >>> bits) & 0xff);
      acc &= (1 << bits) - 1;
    }
  }
  if (bytes.length !== count * 2) return null;
  const values: number[] = [];
  for (let i = 0; i < bytes.length; i += 2) values.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  return values;
}
