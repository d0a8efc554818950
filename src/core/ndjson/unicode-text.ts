/** Lone surrogates: UTF-16 halves without their pair, which are not Unicode text (a `\ud800` escape parses to one). */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The code unit of the first lone surrogate of `text` as a `\uXXXX` escape, or null when `text` is Unicode text. */
export function loneSurrogateIn(text: string): string | null {
  const m = LONE_SURROGATE.exec(text);
  return m === null ? null : `\\u${m[0].charCodeAt(0).toString(16).padStart(4, '0')}`;
}
