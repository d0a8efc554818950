/** Tests for the engine's date text: the char-code reader against the regex definition, on random date-like text. */
import fc from 'fast-check';
import {
  civilOfSerial,
  dateSerial,
  FIRST_SERIAL_DATE,
  parseDateText,
  withinDay,
  type ParsedDateText,
} from '../../../src/core/cells/date-serial';

/** parseDateText as first written, over one regex (the definition the reader must keep). */
function parseDateTextSpec(text: string): ParsedDateText | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  if (month < 1 || month > 12 || day < 1 || day > days) return null;
  const hour = Number(m[4] ?? 0);
  const minute = Number(m[5] ?? 0);
  const second = Number(m[6] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const fraction = (m[7] ?? '').padEnd(9, '0');
  const nanos = ((hour * 60 + minute) * 60 + second) * 1_000_000_000 + Number(fraction);
  return {
    serial: dateSerial(year, month, day) + nanos / 86_400_000_000_000,
    hasTime: m[4] !== undefined,
    hasTimeOfDay: nanos !== 0,
    hasFraction: Number(fraction) !== 0,
    beforeFirstSerialDate: year < FIRST_SERIAL_DATE.year || (year === FIRST_SERIAL_DATE.year && month < FIRST_SERIAL_DATE.month),
  };
}

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));

/** Text shaped like the engine's dates and timestamps, cut short, or with one character replaced. */
const dateLike = fc
  .record({
    year: fc.oneof(fc.integer({ min: 1890, max: 2100 }), fc.integer({ min: 0, max: 9999 })).map((n) => String(n).padStart(4, '0')),
    month: two(14),
    day: two(32),
    sep: fc.constantFrom('T', ' ', 't', '_'),
    hour: two(25),
    minute: two(61),
    second: two(61),
    fraction: fc.string({ unit: fc.constantFrom('0', '0', '5', '9'), maxLength: 11 }),
    shape: fc.constantFrom('date', 'minutes', 'seconds', 'fraction'),
    cut: fc.option(fc.nat(32), { freq: 5 }),
    replace: fc.option(fc.tuple(fc.nat(32), fc.constantFrom('x', '-', ':', '.', ' ', '١', '/')), { freq: 5 }),
  })
  .map((p) => {
    let text = `${p.year}-${p.month}-${p.day}`;
    if (p.shape !== 'date') text += `${p.sep}${p.hour}:${p.minute}`;
    if (p.shape === 'seconds' || p.shape === 'fraction') text += `:${p.second}`;
    if (p.shape === 'fraction') text += `.${p.fraction}`;
    if (p.cut !== null) text = text.slice(0, p.cut);
    if (p.replace !== null) text = text.slice(0, p.replace[0]) + p.replace[1] + text.slice(p.replace[0] + 1);
    return text;
  });

describe('parseDateText', () => {
  it('reads date-like text exactly as the regex definition does', () => {
    fc.assert(
      fc.property(fc.oneof(dateLike, fc.string({ maxLength: 12 })), (text) => {
        expect(parseDateText(text)).toEqual(parseDateTextSpec(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads every fraction length from 1 to 9 digits, and no other', () => {
    for (let n = 0; n <= 10; n++) {
      const text = `2024-02-29T12:00:00.${'5'.repeat(n)}`;
      expect(parseDateText(text)).toEqual(parseDateTextSpec(text));
      expect(parseDateText(text) === null).toBe(n === 0 || n === 10);
    }
  });
});

describe('times just before midnight', () => {
  it('stay within their day instead of rounding up to the next (9999-12-31 stays the last date)', () => {
    const last = parseDateText('9999-12-31T23:59:59.999999999');
    expect(last).not.toBeNull();
    expect(last!.serial).toBeLessThan(2958466);
    expect(Math.floor(last!.serial)).toBe(2958465);
    for (const text of ['2024-01-01T23:59:59.999999999', '1900-03-01 23:59:59.99999999', '2024-02-29T23:59:59.9999999']) {
      const parsed = parseDateText(text)!;
      expect(Math.floor(parsed.serial)).toBe(Math.floor(parseDateText(text.slice(0, 10))!.serial));
      expect(parsed.serial).toBeGreaterThan(Math.floor(parsed.serial) + 0.99998);
    }
  });

  it('keep every other time exact to the double (withinDay only changes a sum that reached the next day)', () => {
    expect(withinDay(45000, 12 * 3_600_000_000_000)).toBe(45000.5);
    expect(withinDay(45000, 0)).toBe(45000);
  });
});

describe('civilOfSerial', () => {
  it('is the inverse of dateSerial for every day from 1900 to 2400', () => {
    const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2400 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const days = month === 2 ? (leap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
          fc.pre(day <= days);
          expect(civilOfSerial(dateSerial(year, month, day))).toEqual({ year, month, day });
        },
      ),
    );
  });

  it('names known days: serial 0, 61 and 45351', () => {
    expect(civilOfSerial(0)).toEqual({ year: 1899, month: 12, day: 30 });
    expect(civilOfSerial(61)).toEqual({ year: 1900, month: 3, day: 1 });
    expect(civilOfSerial(45351)).toEqual({ year: 2024, month: 2, day: 29 });
  });
});
