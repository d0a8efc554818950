/** Tests for typing a bound parameter cell as a filter value: dates, numbers, text, booleans, lists, and refusals naming the cell. */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { compileBuilder } from '../../../src/core/builder/compile';
import { emptyBuilderState } from '../../../src/core/builder/builder-state';
import { dateSerial } from '../../../src/core/cells/date-serial';
import { parameterList, parameterValue } from '../../../src/core/params/parameter-value';
import { serialDateText } from '../../../src/core/params/serial-date-text';
import { metaSchema } from '../../../src/core/wire/schemas';
import { addinErrorOf } from '../../helpers/caught-error';

const meta = metaSchema.parse(JSON.parse(fs.readFileSync(path.join(__dirname, '../../fixtures/builder/meta.json'), 'utf8')));

describe('serialDateText', () => {
  it('reads back every date a serial names', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-03-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
        const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        expect(serialDateText(dateSerial(y, m, day))).toBe(text);
      }),
    );
  });

  it('gives a time of day to the second', () => {
    expect(serialDateText(dateSerial(2026, 1, 31) + 0.4375)).toBe('2026-01-31 10:30:00');
    expect(serialDateText(dateSerial(2024, 2, 29) + 0.99999999)).toBe('2024-03-01');
  });
});

describe('parameterValue', () => {
  it('types a date cell, date text and a date-time for a time member', () => {
    expect(parameterValue(dateSerial(2026, 1, 1), 'time', 'Inputs!B2')).toBe('2026-01-01');
    expect(parameterValue(' 2025-12-31 ', 'time', 'Inputs!B2')).toBe('2025-12-31');
    expect(parameterValue('2025-12-31T23:00', 'time', 'Inputs!B2')).toBe('2025-12-31 23:00');
  });

  it('types numbers and booleans, and anything as text for a text member', () => {
    expect(parameterValue(1000, 'number', 'Inputs!B3')).toBe('1000');
    expect(parameterValue(' 12.5 ', 'number', 'Inputs!B3')).toBe('12.5');
    expect(parameterValue(true, 'boolean', 'Inputs!B4')).toBe('true');
    expect(parameterValue('FALSE', 'boolean', 'Inputs!B4')).toBe('false');
    expect(parameterValue(42, 'string', 'Inputs!B5')).toBe('42');
    expect(parameterValue('Zürich', 'string', 'Inputs!B5')).toBe('Zürich');
  });

  it('refuses an empty or wrong-typed cell with a message naming it', () => {
    const cases: Array<[Parameters<typeof parameterValue>[0], Parameters<typeof parameterValue>[1], RegExp]> = [
      [null, 'time', /Inputs!B2 is empty/],
      ['   ', 'string', /Inputs!B2 is empty/],
      ['next Tuesday', 'time', /Inputs!B2 holds "next Tuesday", not a date/],
      [true, 'time', /not a date/],
      ['12 apples', 'number', /Inputs!B2 holds "12 apples", not a number/],
      ['yes', 'boolean', /not TRUE or FALSE/],
    ];
    for (const [value, type, message] of cases) {
      const error = addinErrorOf(() => parameterValue(value, type, 'Inputs!B2'));
      expect(error.kind).toBe('validation');
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/Enter .* in Inputs!B2/);
    }
  });

  it('reads a list from a range, skipping empty cells, and refuses an empty range', () => {
    expect(
      parameterList(
        [
          ['Zürich', null],
          ['', 'Kraków'],
        ],
        'string',
        'Inputs!D2:E3',
      ),
    ).toEqual(['Zürich', 'Kraków']);
    expect(addinErrorOf(() => parameterList([[null], ['']], 'string', 'Inputs!D2:D3')).message).toMatch(/Inputs!D2:D3 is empty/);
  });

  it('keeps injection-like cell text a value inside its SQL literal', () => {
    const sqlFor = (cell: string) =>
      compileBuilder(
        {
          ...emptyBuilderState(),
          view: 'orders',
          rows: ['orders.status'],
          measures: ['orders.count'],
          filters: [{ member: 'orders.status', operator: 'equals', values: [parameterValue(cell, 'string', 'Inputs!B2')] }],
        },
        meta,
      ).sqlQuery;
    const drop = sqlFor("'; DROP TABLE orders; --");
    expect(drop).toContain("WHERE status = '''; DROP TABLE orders; --'");
    expect(drop.split('\n')).toHaveLength(sqlFor('plain').split('\n').length);
    expect(sqlFor("=cmd|' /C calc'!A0")).toContain("WHERE status = '=cmd|'' /C calc''!A0'");
  });
});
