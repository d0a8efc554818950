/** Tests for cell typing: the data-driven table in test/fixtures/cells/typing.json, serial dates, and column-wide formats. */
import { readFileSync } from 'fs';
import { join } from 'path';
import fc from 'fast-check';
import { z } from 'zod';
import { columnTypeSchema, streamValueSchema } from '../../../src/core/wire/schemas';
import { TEXT_FORMAT } from '../../../src/core/host';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT, dateSerial, parseDateText } from '../../../src/core/cells/date-serial';
import { typeColumn, typeValue } from '../../../src/core/cells/value-typing';
import { compareNumberText } from '../../../src/core/cells/number-text';

const caseSchema = z.object({
  why: z.string(),
  type: columnTypeSchema,
  value: streamValueSchema,
  expected: z.object({ value: z.union([z.string(), z.number(), z.boolean(), z.null()]), format: z.string().nullable() }),
});
const cases = z.array(caseSchema).parse(JSON.parse(readFileSync(join(__dirname, '../../fixtures/cells/typing.json'), 'utf8')));

describe('typeValue (fixture table)', () => {
  it.each(cases.map((c) => [c.why, c] as const))('%s', (_why, c) => {
    expect(typeValue(c.type, c.value)).toEqual(c.expected);
  });
});

describe('serial dates', () => {
  it('counts days from 1899-12-30 without any time zone', () => {
    expect(dateSerial(1899, 12, 30)).toBe(0);
    expect(dateSerial(1900, 1, 1)).toBe(2);
    expect(dateSerial(1900, 3, 1)).toBe(61);
    expect(dateSerial(1970, 1, 1)).toBe(25569);
    expect(dateSerial(2000, 1, 1)).toBe(36526);
    expect(dateSerial(2024, 2, 29)).toBe(45351);
    expect(parseDateText('2024-02-29T12:00:00.000')?.serial).toBe(45351.5);
    expect(parseDateText('2024-02-29T18:00:00')?.serial).toBe(45351.75);
  });

  it('agrees with UTC calendar arithmetic for every day of four centuries', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 2, 1) / 86400000, max: Date.UTC(9999, 11, 31) / 86400000 }), (day) => {
        const d = new Date(day * 86400000);
        const text = d.toISOString().slice(0, 10);
        expect(parseDateText(text)?.serial).toBe(day + 25569);
      }),
    );
  });

  it('orders timestamps like their text', () => {
    const stamp = fc
      .record({
        y: fc.integer({ min: 1900, max: 2100 }),
        mo: fc.integer({ min: 3, max: 12 }),
        d: fc.integer({ min: 1, max: 28 }),
        s: fc.integer({ min: 0, max: 86399 }),
        ms: fc.integer({ min: 0, max: 999 }),
      })
      .map(({ y, mo, d, s, ms }) => {
        const p = (n: number, w: number) => String(n).padStart(w, '0');
        return `${p(y, 4)}-${p(mo, 2)}-${p(d, 2)}T${p(Math.floor(s / 3600), 2)}:${p(Math.floor(s / 60) % 60, 2)}:${p(s % 60, 2)}.${p(ms, 3)}`;
      });
    fc.assert(
      fc.property(stamp, stamp, (a, b) => {
        const sa = parseDateText(a)?.serial ?? NaN;
        const sb = parseDateText(b)?.serial ?? NaN;
        expect(Math.sign(sa - sb)).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });
});

describe('numbers never lose digits silently', () => {
  it('keeps an integer beyond 2^53 as its exact text unless its 15 significant digits say it whole', () => {
    const beyond = fc.oneof(
      fc.bigInt({ min: 2n ** 53n + 1n, max: 10n ** 40n }),
      // Up to 15 significant digits followed by zeros: what Excel holds without rounding.
      fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 15n - 1n }), fc.integer({ min: 1, max: 25 })).map(([m, k]) => m * 10n ** BigInt(k)),
    );
    fc.assert(
      fc.property(beyond, fc.boolean(), (n, negative) => {
        const text = (negative ? -n : n).toString();
        const significant = n.toString().replace(/0+$/, '').length;
        for (const type of ['Int64', 'Int32', { Decimal: [38, 0] }] as const) {
          const cell = typeValue(type, text);
          if (significant > 15) expect(cell).toEqual({ value: text, format: TEXT_FORMAT });
          else {
            expect(cell).toEqual({ value: Number(text), format: null });
            expect(compareNumberText(String(cell.value), text)).toBe(0);
          }
        }
      }),
    );
  });

  it('converts numbers of up to 15 significant digits exactly and keeps 16+ as text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,19}$/), fc.integer({ min: 0, max: 20 }), (digits, point) => {
        const at = Math.min(point, digits.length);
        const text = at === 0 || at === digits.length ? digits : `${digits.slice(0, at)}.${digits.slice(at)}`;
        const significant = text.replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;
        const cell = typeValue('Int64', text);
        if (significant > 15) expect(cell).toEqual({ value: text, format: TEXT_FORMAT });
        else expect(cell).toEqual({ value: Number(text), format: null });
      }),
    );
  });

  it('converts every double written in its shortest form from a Double column', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }), (x) => {
        fc.pre(x === 0 || Math.abs(x) > 1e-300);
        const cell = typeValue('Double', String(x));
        expect(cell).toEqual({ value: Object.is(x, -0) ? 0 : x, format: null });
      }),
    );
  });
});

describe('typeColumn', () => {
  it('shows a timestamp column that is all midnight as dates', () => {
    const cells = typeColumn({ column_type: 'Timestamp' }, ['2024-01-01T00:00:00.000', null, '2024-02-01T00:00:00.000']);
    expect(cells).toEqual([
      { value: 45292, format: DATE_FORMAT },
      { value: null, format: null },
      { value: 45323, format: DATE_FORMAT },
    ]);
  });

  it('keeps time of day for the whole column when one value has it', () => {
    const cells = typeColumn({ column_type: 'Timestamp' }, ['2024-01-01T00:00:00.000', '2024-01-01T06:00:00.000']);
    expect(cells.map((c) => c.format)).toEqual([DATE_TIME_FORMAT, DATE_TIME_FORMAT]);
    expect(cells.map((c) => c.value)).toEqual([45292, 45292.25]);
  });

  it('shows milliseconds for the whole column when one value has them', () => {
    const cells = typeColumn({ column_type: 'Timestamp' }, ['2024-01-01T00:00:00.000', '2024-01-01T00:00:00.250']);
    expect(cells.map((c) => c.format)).toEqual([DATE_TIME_MS_FORMAT, DATE_TIME_MS_FORMAT]);
  });

  it('leaves ISO text of early dates alone in a date column', () => {
    const cells = typeColumn({ column_type: { Date: false } }, ['1899-01-01', '2024-01-01']);
    expect(cells).toEqual([
      { value: '1899-01-01', format: TEXT_FORMAT },
      { value: 45292, format: DATE_FORMAT },
    ]);
  });

  it('applies percent and currency hints to numeric cells only', () => {
    expect(typeColumn({ column_type: 'Double', format: 'percent' }, ['0.25', null])).toEqual([
      { value: 0.25, format: '0.00%' },
      { value: null, format: null },
    ]);
    expect(typeColumn({ column_type: 'Int64', format: 'currency', currency: 'EUR' }, ['12', '12345678901234567'])).toEqual([
      { value: 12, format: '"€"#,##0.00' },
      { value: '12345678901234567', format: TEXT_FORMAT },
    ]);
    expect(typeColumn({ column_type: 'Double', format: 'currency', currency: 'CHF' }, ['1'])[0]?.format).toBe('#,##0.00 "CHF"');
    expect(typeColumn({ column_type: 'Double', format: 'percent' }, ['0.25'], { memberFormats: false })[0]?.format).toBeNull();
    expect(typeColumn({ column_type: 'String', format: 'percent' }, ['a'])[0]?.format).toBeNull();
  });
});
