/** periodOf: the dates a date filter value means under each granularity (week Monday first, month, quarter, year ends). */
import fc from 'fast-check';
import { periodOf, lastDateOf } from '../../../src/core/builder/time-period';

test('a date alone is its day, or the period of the granularity that holds it', () => {
  expect(periodOf('2024-02-29', null)).toEqual({ from: '2024-02-29', until: '2024-03-01' });
  expect(periodOf('2024-02-29', 'day')).toEqual({ from: '2024-02-29', until: '2024-03-01' });
  expect(periodOf('2024-02-29', 'hour')).toEqual({ from: '2024-02-29', until: '2024-03-01' });
  expect(periodOf('2024-01-03', 'week')).toEqual({ from: '2024-01-01', until: '2024-01-08' });
  expect(periodOf('2023-12-31', 'week')).toEqual({ from: '2023-12-25', until: '2024-01-01' });
  expect(periodOf('2024-03-01', 'week')).toEqual({ from: '2024-02-26', until: '2024-03-04' });
  expect(periodOf('2024-12-15', 'month')).toEqual({ from: '2024-12-01', until: '2025-01-01' });
  expect(periodOf('2024-11-30', 'quarter')).toEqual({ from: '2024-10-01', until: '2025-01-01' });
  expect(periodOf('2024-05-01', 'quarter')).toEqual({ from: '2024-04-01', until: '2024-07-01' });
  expect(periodOf('2024-05-01', 'year')).toEqual({ from: '2024-01-01', until: '2025-01-01' });
  expect(lastDateOf(periodOf('2024-02-10', 'month'))).toBe('2024-02-29');
  expect(lastDateOf(periodOf('2025-03-01', 'day'))).toBe('2025-03-01');
});

test('a week starts on the Monday DATE_TRUNC gives, for any date', () => {
  const day = fc.date({ min: new Date('1901-01-01T00:00:00Z'), max: new Date('2399-12-31T00:00:00Z'), noInvalidDate: true });
  fc.assert(
    fc.property(day, (d) => {
      const iso = d.toISOString().slice(0, 10);
      const { from, until } = periodOf(iso, 'week');
      const monday = new Date(`${from}T00:00:00Z`);
      expect(monday.getUTCDay()).toBe(1);
      expect(from <= iso && iso < until).toBe(true);
      expect(Date.parse(`${until}T00:00:00Z`) - monday.getTime()).toBe(7 * 86_400_000);
    }),
  );
});
