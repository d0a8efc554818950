/** The UTF-8 byte length of a JS string, counted from its code units without encoding it (no encoder API needed). */

/** Matches any code unit outside ASCII; the regex engine scans natively, so pure-ASCII text costs one native pass. */
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Number of bytes `text` occupies in UTF-8. Each half of a surrogate pair counts 2, so a pair counts 4 even when
 * the two halves arrive in different strings (a lone surrogate therefore counts 2 instead of the 3 of U+FFFD).
 */
export function utf8ByteLength(text: string): number {
  const first = text.search(NON_ASCII);
  if (first === -1) return text.length;
  let bytes = first;
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}
