/** The inert-text rule: which text a spreadsheet would turn into a formula, number, date, boolean or error, and so must carry TEXT_FORMAT. */
import { TEXT_FORMAT } from '../host';
import type { TypedCell } from './typed-cell';

/**
 * Leading characters that make a host read text as something else: formula starters (`=`, `+`, `-`, `@`, and their
 * full-width forms that East Asian input turns into them), error literals (`#N/A`), and the apostrophe that both hosts
 * swallow as a "text prefix".
 */
const RISKY_FIRST = new Set(['=', '+', '-', '@', '#', "'", '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/** Any decimal digit of any script (Excel converts full-width digits too). */
const ANY_DIGIT = /\p{Nd}/u;
/** Leading white space of any kind (space, tab, CR, LF, no-break space...): hosts trim it before parsing. */
const LEADING_SPACE = /^\s/u;
const BOOLEAN_WORD = /^(true|false)$/i;

/**
 * True when a host could read `text` as anything but the same text: it starts with white space or with a formula,
 * error or prefix character, it is TRUE/FALSE, or it holds a digit (so numbers, dates, times, fractions, percentages,
 * currency amounts and `1e5` are all covered without guessing the user's locale). Empty text needs no protection.
 */
export function needsTextFormat(text: string): boolean {
  if (text === '') return false;
  const first = text.charAt(0);
  if (RISKY_FIRST.has(first) || LEADING_SPACE.test(text)) return true;
  return BOOLEAN_WORD.test(text) || ANY_DIGIT.test(text);
}

/** A text cell that stays the same text in every host: TEXT_FORMAT when the rule above says so, else no format. */
export function textCell(text: string): TypedCell {
  return { value: text, format: needsTextFormat(text) ? TEXT_FORMAT : null };
}
