/** Typing into a preview cell: numbers become numbers, TRUE/FALSE booleans, ISO dates serial dates; `=` text and text cells stay text. */
import { dateSerial, DATE_FORMAT, DATE_TIME_FORMAT } from '../../../src/core/cells/date-serial';
import { TEXT_FORMAT } from '../../../src/core/host';
import { typedInput } from '../../../src/preview/grid/typed-input';

describe('typedInput', () => {
  it.each([
    ['42', 42],
    [' -1.5 ', -1.5],
    ['1e3', 1000],
    ['.5', 0.5],
    ['TRUE', true],
    ['false', false],
    ['hello', 'hello'],
    ['=SUM(A1:A3)', '=SUM(A1:A3)'],
    ['', null],
    ['   ', null],
    ['1,234', '1,234'],
  ])('%j -> %j', (text, value) => {
    expect(typedInput(text, null).value).toEqual(value);
  });

  it('turns ISO dates into serial dates with a date format', () => {
    expect(typedInput('2024-02-29', null)).toEqual({ value: dateSerial(2024, 2, 29), format: DATE_FORMAT });
    expect(typedInput('2024-02-29 06:00', null)).toEqual({ value: dateSerial(2024, 2, 29) + 0.25, format: DATE_TIME_FORMAT });
    expect(typedInput('2024-02-30', null)).toEqual({ value: '2024-02-30' });
  });

  it("keeps a date cell's own format", () => {
    expect(typedInput('2024-01-01', 'd/m/yy')).toEqual({ value: dateSerial(2024, 1, 1) });
  });

  it('keeps exactly what was typed in a text cell', () => {
    expect(typedInput('007', TEXT_FORMAT)).toEqual({ value: '007' });
    expect(typedInput('TRUE', TEXT_FORMAT)).toEqual({ value: 'TRUE' });
    expect(typedInput('2024-01-01', TEXT_FORMAT)).toEqual({ value: '2024-01-01' });
  });
});
