/** SQL text pieces: identifiers and literals round-trip and never let their content out of its quotes. */
import fc from 'fast-check';
import { AddinError } from '../../../src/core/errors/addin-error';
import {
  containsPattern,
  nextDay,
  numberLiteral,
  parseTimeValue,
  quoteIdent,
  stringLiteral,
  timestampLiteral,
} from '../../../src/core/builder/sql-text';

/** Reads a SQL string literal back: the text between the outer quotes with '' undone; null when it is not one literal. */
function unquote(literal: string, quote: string): string | null {
  if (literal.length < 2 || !literal.startsWith(quote) || !literal.endsWith(quote)) return null;
  const inner = literal.slice(1, -1);
  // A lone quote inside would end the literal early.
  if (inner.replaceAll(quote + quote, '').includes(quote)) return null;
  return inner.replaceAll(quote + quote, quote);
}

const noNul = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('\u0000'));

describe('quoteIdent', () => {
  it('leaves plain lowercase names bare and quotes the rest', () => {
    expect(quoteIdent('status')).toBe('status');
    expect(quoteIdent('total_amount2')).toBe('total_amount2');
    expect(quoteIdent('count')).toBe('count');
    expect(quoteIdent('order')).toBe('"order"');
    expect(quoteIdent('user')).toBe('"user"');
    expect(quoteIdent('createdAt')).toBe('"createdAt"');
    expect(quoteIdent('2x')).toBe('"2x"');
    expect(quoteIdent('a"b')).toBe('"a""b"');
  });
  it('round-trips any name', () => {
    fc.assert(
      fc.property(
        noNul.filter((s) => s !== ''),
        (name) => {
          const q = quoteIdent(name);
          expect(q === name || unquote(q, '"') === name).toBe(true);
        },
      ),
    );
  });
  it('refuses empty names and NUL', () => {
    expect(() => quoteIdent('')).toThrow(AddinError);
    expect(() => quoteIdent('a\u0000')).toThrow(/NUL/);
  });
});

describe('stringLiteral and containsPattern', () => {
  it('doubles quotes and keeps backslashes as they are', () => {
    expect(stringLiteral("O'Brien")).toBe("'O''Brien'");
    expect(stringLiteral('a\\b')).toBe("'a\\b'");
  });
  it('round-trip any text as one literal', () => {
    fc.assert(
      fc.property(noNul, (value) => {
        expect(unquote(stringLiteral(value), "'")).toBe(value);
        const pattern = unquote(containsPattern(value), "'");
        expect(pattern).not.toBeNull();
        // Undo the LIKE escapes: %value% with \ escaping \ % _.
        const p = pattern ?? '';
        expect(p.startsWith('%') && p.endsWith('%')).toBe(true);
        const body = p.slice(1, -1);
        expect(/(^|[^\\])(\\\\)*[%_]/.test(body.replace(/\\[\\%_]/g, ''))).toBe(false);
        expect(body.replace(/\\([\\%_])/g, '$1')).toBe(value);
      }),
    );
  });
});

describe('numberLiteral', () => {
  it('accepts numbers only', () => {
    expect(numberLiteral(' 42 ')).toBe('42');
    expect(numberLiteral('+1.5e3')).toBe('1.5e3');
    expect(numberLiteral('-.5')).toBe('-.5');
    for (const bad of ['', '1,5', '1;', '0x10', 'NaN', 'Infinity', '1 OR 1=1', '--1']) expect(numberLiteral(bad)).toBeNull();
  });
});

describe('time values', () => {
  it('parses dates and date-times, refusing impossible ones', () => {
    expect(parseTimeValue('2024-02-29')).toEqual({ date: '2024-02-29', time: null });
    expect(parseTimeValue('2024-01-31T10:05')).toEqual({ date: '2024-01-31', time: '10:05' });
    expect(parseTimeValue('2024-01-31 10:05:59.123')).toEqual({ date: '2024-01-31', time: '10:05:59.123' });
    for (const bad of ['2023-02-29', '2024-13-01', '2024-04-31', '2024-01-01T24:00', '2024-1-1', "2024-01-01'", ''])
      expect(parseTimeValue(bad)).toBeNull();
    expect(timestampLiteral({ date: '2024-01-31', time: '10:05' })).toBe("TIMESTAMP '2024-01-31 10:05'");
  });
  it('steps to the next day across months, leap days and years', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2023-02-28')).toBe('2023-03-01');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
    expect(nextDay('2024-04-30')).toBe('2024-05-01');
    expect(nextDay('1900-02-28')).toBe('1900-03-01');
    expect(nextDay('2000-02-28')).toBe('2000-02-29');
  });
});
