/**
 * The injected UTF-8 decoder: whole byte runs, fatal on invalid input.
 * src/browser supplies the browser's; a bare ECMAScript runtime has none.
 */

export interface Utf8Decoder {
  /**
   * The text of `bytes`, which hold whole characters only; throws (any error) when they are not valid UTF-8, never
   * replacing a bad sequence with U+FFFD. A byte-order mark is kept as U+FEFF.
   */
  decode(bytes: Uint8Array): string;
}
