/** The engine's value encoding done in JavaScript: doubles, intervals, arrays, timestamps, and span ids. */
import fc from 'fast-check';
import { DuckDBIntervalValue, DuckDBListValue, DuckDBTimestampValue, INTEGER, LIST, TIMESTAMP, VARCHAR } from '@duckdb/node-api';
import { spanIdOf } from '../../../local-platform/warehouse/query-spans';
import { formatDouble, formatInterval, formatWallClockMillis, wireValue } from '../../../local-platform/warehouse/value-encoding';

describe('formatDouble', () => {
  it('prints the shortest digits that read back as the same double, never in exponent form', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const text = formatDouble(x);
        expect(text).not.toMatch(/e/i);
        expect(Number(text)).toBe(x === 0 ? 0 : x);
      }),
    );
  });

  it('prints integral values without a fraction and specials by name', () => {
    expect(formatDouble(4)).toBe('4');
    expect(formatDouble(1e21)).toBe('1000000000000000000000');
    expect(formatDouble(-1.5e-7)).toBe('-0.00000015');
    expect(formatDouble(NaN)).toBe('NaN');
    expect(formatDouble(-Infinity)).toBe('-inf');
  });
});

describe('other values', () => {
  it('prints intervals as Postgres text', () => {
    expect(formatInterval(new DuckDBIntervalValue(14, 3, 14_706_500_000n))).toBe('1 year 2 mons 3 days 04:05:06.5');
    expect(formatInterval(new DuckDBIntervalValue(0, 0, 0n))).toBe('00:00:00');
    expect(formatInterval(new DuckDBIntervalValue(-1, -1, -1_000_000n))).toBe('-1 mons -1 days -00:00:01');
  });

  it('prints lists as Postgres arrays, quoting what needs it', () => {
    expect(wireValue(new DuckDBListValue(['a', 'b c', null, '', 'x"y', 'NULL']), LIST(VARCHAR), 'UTC')).toBe(
      '{a,"b c",NULL,"","x\\"y","NULL"}',
    );
    expect(wireValue(new DuckDBListValue([new DuckDBListValue([1, 2]), null]), LIST(LIST(INTEGER)), 'UTC')).toBe('{{1,2},NULL}');
  });

  it('cuts timestamps to milliseconds, flooring before 1970', () => {
    expect(wireValue(new DuckDBTimestampValue(-1n), TIMESTAMP, 'UTC')).toBe('1969-12-31T23:59:59.999');
    expect(wireValue(new DuckDBTimestampValue(1_999n), TIMESTAMP, 'UTC')).toBe('1970-01-01T00:00:00.001');
    expect(formatWallClockMillis(Date.UTC(2024, 1, 29, 1, 2, 3, 4))).toBe('2024-02-29T01:02:03.004');
  });

  it('takes the span id from x-request-id', () => {
    expect(spanIdOf('abc-123-span-4')).toBe('abc-123');
    expect(spanIdOf('plain')).toBe('plain');
    expect(spanIdOf(undefined)).toBe('');
  });
});
