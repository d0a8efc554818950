/**
 * TextMeasure: the width in pixels of a cell's text in the grid's font.
 * The browser's own measure (a canvas) where there is one, else a character-width model of the 12 px UI font.
 */
import { webLightTheme } from '@fluentui/react-components';

/** Width in pixels of `text` in the grid's font (bold or regular). */
export type TextMeasure = (text: string, bold: boolean) => number;

/** Advance widths of the 12 px UI font (Segoe UI-like), in pixels. */
const NARROW = new Set(".,:;'|!ijlI`");
const SEMI_NARROW = new Set('frt()[]{}/\\- "');
const WIDE = new Set('mwMW@%');
const BOLD_FACTOR = 1.07;

function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (ch >= '0' && ch <= '9') return 6.9;
  if (ch === ' ') return 3.3;
  if (NARROW.has(ch)) return 3.1;
  if (SEMI_NARROW.has(ch)) return 4.4;
  if (WIDE.has(ch)) return 10.6;
  if (ch >= 'a' && ch <= 'z') return 6.1;
  if (ch >= 'A' && ch <= 'Z') return 7.6;
  if (code < 0x80) return 7.0;
  // East Asian scripts are about a full em wide; other letters (accented Latin, Greek, Cyrillic) like Latin ones.
  if (code >= 0x2e80) return 12;
  return 6.8;
}

/** The character-width model: deterministic, used where nothing is laid out (jsdom) and as the fallback. */
export const charWidthMeasure: TextMeasure = (text, bold) => {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return bold ? w * BOLD_FACTOR : w;
};

/** The widest a character of the model is: a cheap upper bound of a text's width (`text.length * MAX_CHAR_WIDTH`). */
export const MAX_CHAR_WIDTH = 12 * BOLD_FACTOR;

/** The grid's font: Fluent's base family at its 200 size (what the grid's styles use). */
export function gridFont(bold: boolean): string {
  return `${bold ? `${webLightTheme.fontWeightBold} ` : ''}${webLightTheme.fontSizeBase200} ${webLightTheme.fontFamilyBase}`;
}

/** A measure over a 2D canvas context, with a bounded cache (texts repeat a lot in a column). */
export function canvasMeasure(context: { font: string; measureText(text: string): { width: number } }): TextMeasure {
  const cache = new Map<string, number>();
  return (text, bold) => {
    const key = (bold ? 'b' : 'n') + text;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const font = gridFont(bold);
    if (context.font !== font) context.font = font;
    const w = context.measureText(text).width;
    if (cache.size > 50_000) cache.clear();
    cache.set(key, w);
    return w;
  };
}

let shared: TextMeasure | null = null;

/** The grid's measure: a canvas in a browser, the character-width model in jsdom (which has no layout) or without a document. */
export function gridTextMeasure(): TextMeasure {
  if (shared !== null) return shared;
  shared = charWidthMeasure;
  const isJsdom = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');
  if (typeof document !== 'undefined' && !isJsdom) {
    const context = document.createElement('canvas').getContext('2d');
    if (context) shared = canvasMeasure(context);
  }
  return shared;
}
