/** Tests for the inert-text rule's char-code scan against its regex definition: every first character, and random text. */
import fc from 'fast-check';
import { isAsciiWordIgnoringCase, needsTextFormat } from '../../../src/core/cells/inert-text';

/** The rule as first written with regexes (the definition the scan must keep). */
function needsTextFormatSpec(text: string): boolean {
  if (text === '') return false;
  if (['=', '+', '-', '@', '#', "'", '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'].includes(text.charAt(0)) || /^\s/u.test(text)) return true;
  return /^(true|false)$/i.test(text) || /\p{Nd}/u.test(text);
}

describe('needsTextFormat', () => {
  it('agrees with the regex definition for every UTF-16 unit, alone and in front of plain text', () => {
    const disagreements: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      for (const text of [ch, `ab${ch}`, `${ch}ab`]) {
        if (needsTextFormat(text) !== needsTextFormatSpec(text)) disagreements.push(JSON.stringify(text));
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('agrees with the regex definition on random text (digits of other scripts, surrogate pairs, TRUE/false)', () => {
    const unit = fc.constantFrom(
      'a',
      'T',
      'r',
      'U',
      'e',
      'F',
      'l',
      's',
      'x',
      ' ',
      '\u00a0',
      '1',
      '٣',
      '١',
      '𝟘',
      '😀',
      '\ud835',
      '東',
      '=',
      '-',
      'ſ',
      'K',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit, maxLength: 8 }),
          fc.string({ unit: 'grapheme', maxLength: 6 }),
          fc.constantFrom('true', 'TRUE', 'False', 'fAlSe', 'truE ', 'ſalse'),
        ),
        (text) => {
          expect(needsTextFormat(text)).toBe(needsTextFormatSpec(text));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('compares ASCII words in any ASCII case only', () => {
    expect(isAsciiWordIgnoringCase('TrUe', 'true')).toBe(true);
    expect(isAsciiWordIgnoringCase('tru', 'true')).toBe(false);
    expect(isAsciiWordIgnoringCase('ſ', 's')).toBe(false);
    expect(isAsciiWordIgnoringCase('\u0014', '4')).toBe(false);
  });
});
