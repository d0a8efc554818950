/** Tests for number text reading: the one-pass scan of plain decimals against the regex definition, on random number-like text. */
import fc from 'fast-check';
import { compareNumberText, numberTextValue, readNumberText, type NumberPrecision } from '../../../src/core/cells/number-text';

/** readNumberText as first written, over one regex (the definition the scan must keep). */
function readNumberTextSpec(
  text: string,
  precision: NumberPrecision,
): { kind: 'number'; value: number } | { kind: 'exact'; text: string } | null {
  const m = /^([+-]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return null;
  const intPart = m[2] ?? '';
  const fracPart = m[3] ?? m[4] ?? '';
  const expText = m[5];
  if (!Number.isSafeInteger(expText === undefined ? 0 : Number(expText))) return null;
  const all = intPart + fracPart;
  const digits = all.replace(/^0+/, '').replace(/0+$/, '');
  const integerOnly = m[3] === undefined && m[4] === undefined && expText === undefined;
  if (precision === 'exact' && digits.length > 15) return { kind: 'exact', text };
  if (precision === 'float' && !integerOnly && digits.length > 17) return { kind: 'exact', text };
  if (digits === '') return { kind: 'number', value: 0 };
  const value = Number(text);
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || magnitude > 9.99999999999999e307 || magnitude < 2.2250738585072014e-308) return { kind: 'exact', text };
  if (precision === 'float' && integerOnly && compareNumberText(String(value), text) !== 0) return { kind: 'exact', text };
  return { kind: 'number', value };
}

/** Digit strings of a length drawn uniformly up to `max` (fast-check's default sizes would rarely pass 10 digits). */
const digits = (max: number) =>
  fc.integer({ min: 0, max }).chain((n) => fc.string({ unit: fc.constantFrom('0', '0', '0', '1', '5', '9'), minLength: n, maxLength: n }));

/** Text shaped like numbers: sign, integer digits, point, fraction digits, exponent, and now and then a stray character. */
const numberLike = fc
  .record({
    sign: fc.constantFrom('', '', '-', '+'),
    int: fc.oneof(digits(4), digits(25)),
    point: fc.constantFrom('', '.', '.'),
    frac: fc.oneof(digits(4), digits(25)),
    exp: fc.oneof(
      fc.constant(''),
      fc.constant(''),
      fc
        .tuple(
          fc.constantFrom('e', 'E'),
          fc.constantFrom('', '-', '+'),
          fc.constantFrom('0', '3', '21', '308', '309', '400', '99999999999999999999'),
        )
        .map((p) => p.join('')),
    ),
    stray: fc.option(fc.tuple(fc.nat(30), fc.constantFrom('.', '-', 'x', ' ', 'e', '٣', ',')), { freq: 4 }),
  })
  .map(({ sign, int, point, frac, exp, stray }) => {
    const text = `${sign}${int}${point}${point === '' ? '' : frac}${exp}`;
    if (stray === null) return text;
    const at = Math.min(stray[0], text.length);
    return text.slice(0, at) + stray[1] + text.slice(at);
  });

describe('numberTextValue', () => {
  it('reads number-like text exactly as the regex definition does, in both precisions', () => {
    fc.assert(
      fc.property(
        fc.oneof(numberLike, fc.string({ maxLength: 6 })),
        fc.constantFrom<NumberPrecision>('exact', 'float'),
        (text, precision) => {
          const spec = readNumberTextSpec(text, precision);
          expect(readNumberText(text, precision)).toEqual(spec);
          const value = numberTextValue(text, precision);
          expect(value).toBe(spec === null ? null : spec.kind === 'number' ? spec.value : text);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('reads plain decimals of up to 17 digits of any value exactly as Number() does (the mantissa / 10^k fast path)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 17n }),
        fc.integer({ min: 0, max: 25 }),
        fc.boolean(),
        fc.constantFrom<NumberPrecision>('exact', 'float'),
        (mantissa, scale, negative, precision) => {
          const digits = mantissa.toString().padStart(scale + 1, '0');
          const text = `${negative ? '-' : ''}${scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`}`;
          const spec = readNumberTextSpec(text, precision);
          expect(numberTextValue(text, precision)).toBe(spec === null ? null : spec.kind === 'number' ? spec.value : text);
        },
      ),
      { numRuns: 20000 },
    );
    expect(numberTextValue('9007199254740.991', 'float')).toBe(9007199254740.991);
    expect(numberTextValue('0.1', 'exact')).toBe(0.1);
    expect(numberTextValue('-3087.77', 'exact')).toBe(-3087.77);
  });

  it('keeps integer text of 16 to 22 digits from a Double column exactly when no double holds it, as the regex definition does', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 10n ** 15n, max: 10n ** 22n }), fc.boolean(), (n, negative) => {
        const text = (negative ? -n : n).toString();
        expect(numberTextValue(text, 'float')).toBe(readNumberTextSpec(text, 'float')?.kind === 'number' ? Number(text) : text);
      }),
      { numRuns: 2000 },
    );
    expect(numberTextValue('9007199254740993', 'float')).toBe('9007199254740993');
    expect(numberTextValue('9007199254740992', 'float')).toBe(9007199254740992);
  });

  it('reads the shortest text of any double from a Double column as that double, and keeps 16+ digit integers exact elsewhere', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const text = String(x);
        expect(numberTextValue(text, 'float')).toEqual(readNumberTextSpec(text, 'float')?.kind === 'number' ? (x === 0 ? 0 : x) : text);
      }),
    );
    expect(numberTextValue('1234567890123456', 'exact')).toBe('1234567890123456');
    expect(numberTextValue('123456789012345', 'float')).toBe(123456789012345);
    expect(numberTextValue('-0.000', 'exact')).toBe(0);
    expect(numberTextValue('5.', 'exact')).toBe(5);
    expect(numberTextValue('-.5', 'float')).toBe(-0.5);
    expect(numberTextValue('.', 'exact')).toBeNull();
    expect(numberTextValue('1.2.3', 'exact')).toBeNull();
  });
});
