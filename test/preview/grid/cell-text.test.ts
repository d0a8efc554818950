/** What the grid shows for a cell: dates from serials, TEXT_FORMAT text, numeric formats, General numbers, booleans. */
import { dateSerial, DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT } from '../../../src/core/cells/date-serial';
import { PERCENT_FORMAT } from '../../../src/core/cells/member-format';
import { TEXT_FORMAT } from '../../../src/core/host';
import { displayValue, formatSerialDate, isDateFormat } from '../../../src/core/cells/cell-display';
import { editText } from '../../../src/preview/grid/cell-text';
import fc from 'fast-check';

describe('dates', () => {
  it.each([
    [dateSerial(2024, 2, 29), DATE_FORMAT, '2024-02-29'],
    [dateSerial(1900, 3, 1), DATE_FORMAT, '1900-03-01'],
    [dateSerial(2025, 12, 31) + 0.5, DATE_TIME_FORMAT, '2025-12-31 12:00:00'],
    [dateSerial(2025, 1, 2) + (13 * 3600 + 4 * 60 + 5) / 86400, DATE_TIME_FORMAT, '2025-01-02 13:04:05'],
    [dateSerial(2025, 1, 2) + (1 * 3600 + 2 * 60 + 3.25) / 86400, DATE_TIME_MS_FORMAT, '2025-01-02 01:02:03.250'],
    [dateSerial(2025, 1, 2) + 0.9999999999, DATE_TIME_FORMAT, '2025-01-03 00:00:00'],
    [dateSerial(2025, 7, 4), 'd/m/yy', '4/7/25'],
  ])('serial %d in %s shows %s', (serial, format, text) => {
    expect(displayValue(serial, format)).toEqual({ text, align: 'right' });
  });

  it('shows every calendar day of its serial (round trip through dateSerial)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-03-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
        const expected = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        expect(formatSerialDate(dateSerial(y, m, day), DATE_FORMAT)).toBe(expected);
      }),
    );
  });

  it('tells date formats from others', () => {
    expect(isDateFormat(DATE_FORMAT)).toBe(true);
    expect(isDateFormat('hh:mm')).toBe(true);
    expect(isDateFormat('#,##0.00 "days"')).toBe(false);
    expect(isDateFormat(TEXT_FORMAT)).toBe(false);
    expect(isDateFormat(null)).toBe(false);
  });

  it('puts the date in the formula bar too', () => {
    expect(editText({ value: dateSerial(2024, 1, 5), format: DATE_FORMAT, bold: false, formula: false })).toBe('2024-01-05');
  });
});

describe('text, numbers and booleans', () => {
  it('shows a TEXT_FORMAT cell as its text, left aligned', () => {
    expect(displayValue('00123', TEXT_FORMAT)).toEqual({ text: '00123', align: 'left' });
    expect(displayValue('=1+1', TEXT_FORMAT)).toEqual({ text: '=1+1', align: 'left' });
  });

  it('shows numbers in General right aligned, long fractions to 11 digits', () => {
    expect(displayValue(42, null)).toEqual({ text: '42', align: 'right' });
    expect(displayValue(1 / 3, null).text).toBe('0.33333333333');
    expect(displayValue(1e20, null).text).toBe('1.00000E+20');
    expect(editText({ value: 1 / 3, format: null, bold: false, formula: false })).toBe(String(1 / 3));
  });

  it('applies percent and currency formats', () => {
    expect(displayValue(0.256, PERCENT_FORMAT).text).toBe('25.60%');
    expect(displayValue(1234.5, '"$"#,##0.00').text).toBe('$1,234.50');
    expect(displayValue(-1234.5, '"$"#,##0.00').text).toBe('-$1,234.50');
    expect(displayValue(1234567, '#,##0 "KRW"').text).toBe('1,234,567 KRW');
  });

  it('shows booleans as TRUE/FALSE, centred', () => {
    expect(displayValue(true, null)).toEqual({ text: 'TRUE', align: 'center' });
    expect(displayValue(false, null).text).toBe('FALSE');
  });
});
