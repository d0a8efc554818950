/** Tests for the civil-date helpers against a reference that counts days year by year by the Gregorian leap rule. */
import fc from 'fast-check';
import { civilFromDays, daysFromCivil, daysInMonth, daysOfIsoDate, isoDateOfDays, weekdayOfDays } from '../../../src/core/cells/civil-date';
import { civilOfSerial, dateSerial, FIRST_SERIAL_DATE } from '../../../src/core/cells/date-serial';

const refLeap = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const refMonthDays = (y: number, m: number): number => [31, refLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;

/** Days from 0000-01-01 to the first of each year 0 to 10000, by adding up year lengths. */
const yearStart: number[] = [0];
for (let y = 0; y < 10_000; y++) yearStart.push(yearStart[y]! + (refLeap(y) ? 366 : 365));

function refDaysFromYear0(y: number, m: number, d: number): number {
  let n = yearStart[y]!;
  for (let mm = 1; mm < m; mm++) n += refMonthDays(y, mm);
  return n + d - 1;
}
const REF_1970 = refDaysFromYear0(1970, 1, 1);
/** 1970-01-01 was a Thursday (getUTCDay 4). */
const refWeekday = (days: number): number => (((4 + days) % 7) + 7) % 7;

const date = (minYear: number, maxYear: number) =>
  fc
    .record({
      year: fc.integer({ min: minYear, max: maxYear }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    })
    .filter(({ year, month, day }) => day <= refMonthDays(year, month));

describe('civil-date', () => {
  it('counts the days of every date from 1900 to 9999 as the reference does, and back', () => {
    fc.assert(
      fc.property(date(1900, 9999), ({ year, month, day }) => {
        const days = daysFromCivil(year, month, day);
        expect(days).toBe(refDaysFromYear0(year, month, day) - REF_1970);
        expect(civilFromDays(days)).toEqual({ year, month, day });
        expect(weekdayOfDays(days)).toBe(refWeekday(days));
        expect(daysOfIsoDate(isoDateOfDays(days))).toBe(days);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads years 0 to 1899 as written (Date.UTC alone would take 0-99 for 1900-1999)', () => {
    fc.assert(
      fc.property(date(0, 1899), ({ year, month, day }) => {
        const days = daysFromCivil(year, month, day);
        expect(days).toBe(refDaysFromYear0(year, month, day) - REF_1970);
        expect(civilFromDays(days)).toEqual({ year, month, day });
        expect(weekdayOfDays(days)).toBe(refWeekday(days));
      }),
    );
    expect(isoDateOfDays(daysFromCivil(1, 1, 1))).toBe('0001-01-01');
    expect(isoDateOfDays(daysFromCivil(99, 12, 31) + 1)).toBe('0100-01-01');
  });

  it('round-trips every day number, far past the range a Date holds, by whole 400-year cycles', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (days) => {
        const { year, month, day } = civilFromDays(days);
        expect(daysFromCivil(year, month, day)).toBe(days);
        expect(weekdayOfDays(days)).toBe(refWeekday(days));
      }),
    );
  });

  it('gives each month its length by the leap rule, carrying a month past 12 into the next year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        expect(daysInMonth(year, month)).toBe(refMonthDays(year, month));
      }),
    );
    expect([1900, 2000, 2023, 2024, 2100].map((y) => daysInMonth(y, 2))).toEqual([28, 29, 28, 29, 28]);
    expect(isoDateOfDays(daysFromCivil(2024, 13, 1))).toBe('2025-01-01');
  });

  it('names known weekdays: 1900-01-01 a Monday, 2024-02-29 a Thursday', () => {
    expect(weekdayOfDays(daysFromCivil(1900, 1, 1))).toBe(1);
    expect(weekdayOfDays(daysFromCivil(2024, 2, 29))).toBe(4);
  });
});

describe('serial dates over the civil-date helpers', () => {
  it('round-trip every date from 1900 to 9999 and every serial to 9999-12-31, counted from 1899-12-30', () => {
    fc.assert(
      fc.property(date(1900, 9999), ({ year, month, day }) => {
        const serial = dateSerial(year, month, day);
        expect(serial).toBe(refDaysFromYear0(year, month, day) - refDaysFromYear0(1899, 12, 30));
        expect(civilOfSerial(serial)).toEqual({ year, month, day });
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_958_465 }), (serial) => {
        const { year, month, day } = civilOfSerial(serial);
        expect(dateSerial(year, month, day)).toBe(serial);
      }),
    );
  });

  it("match Excel's serials from 1900-03-01 on (its phantom 1900-02-29 is serial 60, which the add-in never writes)", () => {
    const { year, month, day } = FIRST_SERIAL_DATE;
    expect(dateSerial(year, month, day)).toBe(61);
    expect(dateSerial(9999, 12, 31)).toBe(2_958_465);
    expect(civilOfSerial(59)).toEqual({ year: 1900, month: 2, day: 27 });
  });
});
