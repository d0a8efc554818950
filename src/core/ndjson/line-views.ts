/**
 * Strings that may be views of a stream's line: V8 answers `slice` of 13 or more characters with a view that keeps the
 * whole line (and the chunk it was cut from) alive. A consumer that reads a string and drops it can take the view;
 * one that keeps a string copies it first.
 */

/** Strings at least this long come out of `slice` as views of the string they were cut from (V8's sliced strings). */
export const SLICE_VIEW_LENGTH = 13;

/**
 * `text` as a string of its own, so keeping it keeps no line alive: a short one already is one; a longer one is joined
 * to a space (a string of both) and cut from that, which leaves a view of the new string only.
 */
export function ownText(text: string): string {
  return text.length < SLICE_VIEW_LENGTH ? text : (' ' + text).slice(1);
}
