/** Mints and checks report publicIds: 12 characters of [0-9A-Za-z] drawn without modulo bias from injected random bytes. */
import { PUBLIC_ID_PATTERN } from '../wire/schemas';

export const PUBLIC_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const PUBLIC_ID_LENGTH = 12;

/** Bytes at or above this are rejected: 248 = 4 * 62, so every kept byte maps to each character equally often. */
export const REJECT_FROM = Math.floor(256 / PUBLIC_ID_ALPHABET.length) * PUBLIC_ID_ALPHABET.length;

/** Bytes requested per draw (about 3% are rejected, so one draw nearly always suffices). */
const BATCH = 16;
/** A byte source that keeps returning only rejected bytes (or nothing) is broken: give up after this many draws. */
const MAX_DRAWS = 1000;

/** A fresh publicId from `randomBytes` (a CSPRNG in production: crypto.getRandomValues behind the injected function). */
export function mintPublicId(randomBytes: (n: number) => Uint8Array): string {
  let id = '';
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    for (const byte of randomBytes(BATCH)) {
      if (byte >= REJECT_FROM) continue;
      id += PUBLIC_ID_ALPHABET.charAt(byte % PUBLIC_ID_ALPHABET.length);
      if (id.length === PUBLIC_ID_LENGTH) return id;
    }
  }
  throw new Error(`The random byte source gave no usable bytes in ${MAX_DRAWS} draws.`);
}

/** True for exactly 12 characters of [0-9A-Za-z] (contract 4.9, 8). */
export function isValidPublicId(s: string): boolean {
  return PUBLIC_ID_PATTERN.test(s);
}

/** Says what is wrong with a candidate publicId, or undefined when it is valid. */
export function publicIdProblem(s: string): string | undefined {
  if (isValidPublicId(s)) return undefined;
  const bad = [...s].filter((c) => !PUBLIC_ID_ALPHABET.includes(c));
  if (bad.length > 0) {
    const shown = [...new Set(bad)]
      .slice(0, 5)
      .map((c) => JSON.stringify(c))
      .join(', ');
    return `publicId "${s}" contains ${shown}: only the letters A-Z, a-z and the digits 0-9 are allowed`;
  }
  return `publicId "${s}" has ${[...s].length} characters: it must have exactly ${PUBLIC_ID_LENGTH}`;
}
