/** How deeply a JSON text nests, measured without recursion: bodies nested deeper than MAX_JSON_DEPTH are refused before parsing. */

/** Deepest nesting of objects and arrays a request body may have (the deepest legitimate body, a report's `meta`, needs a handful). */
export const MAX_JSON_DEPTH = 32;

/** Whether `text` opens more than `max` objects or arrays inside one another (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) {
      depth--;
    }
  }
  return false;
}
