/**
 * Relative date periods: codes and words, and their SQL run on DuckDB (the local platform's engine) for days across
 * month, quarter and year ends and a leap day, against a calendar computed here; CURRENT_DATE follows the time zone.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  RELATIVE_UNITS,
  parseRelativePeriod,
  relativeConditionSql,
  relativePeriodCode,
  relativePeriodWords,
  type RelativePeriod,
  type RelativeUnit,
} from '../../../src/core/builder/relative-period';

/** Every period kind once per unit, and a few counts. */
const PERIODS: RelativePeriod[] = [
  { kind: 'today' },
  { kind: 'yesterday' },
  ...RELATIVE_UNITS.flatMap((unit) => [1, 3].map((n) => ({ kind: 'last' as const, n, unit }))),
  ...(['week', 'month', 'quarter', 'year'] as const).flatMap((unit) => [
    { kind: 'this' as const, unit },
    { kind: 'previous' as const, unit },
    { kind: 'toDate' as const, unit },
  ]),
];

/** Days that end a month, a quarter, a year, a leap February, and an ordinary Wednesday. */
const TODAYS = ['2024-03-31', '2023-12-31', '2024-01-01', '2024-02-29', '2024-06-30', '2025-09-30', '2024-07-17'];

const DAY = 86_400_000;
const utc = (text: string) => Date.parse(`${text}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function startOfUnit(today: number, unit: RelativeUnit): number {
  const d = new Date(today);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case 'day':
      return today;
    case 'week':
      return today - ((d.getUTCDay() + 6) % 7) * DAY;
    case 'month':
      return Date.UTC(y, m, 1);
    case 'quarter':
      return Date.UTC(y, m - (m % 3), 1);
    case 'year':
      return Date.UTC(y, 0, 1);
  }
}

function addUnits(ms: number, n: number, unit: string): number {
  const d = new Date(ms);
  if (unit === 'day') return ms + n * DAY;
  if (unit === 'week') return ms + n * 7 * DAY;
  const months = unit === 'month' ? n : unit === 'quarter' ? 3 * n : 12 * n;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate());
}

/** The expected [from, until) days of a period on `todayText`, by calendar arithmetic in JavaScript. */
function expected(p: RelativePeriod, todayText: string): [string, string] {
  const today = utc(todayText);
  switch (p.kind) {
    case 'today':
      return [iso(today), iso(today + DAY)];
    case 'yesterday':
      return [iso(today - DAY), iso(today)];
    case 'last': {
      const start = startOfUnit(today, p.unit);
      return [iso(addUnits(start, -p.n, p.unit)), iso(start)];
    }
    case 'this': {
      const start = startOfUnit(today, p.unit);
      return [iso(start), iso(addUnits(start, 1, p.unit))];
    }
    case 'previous': {
      const start = startOfUnit(today, p.unit);
      return [iso(addUnits(start, -1, p.unit)), iso(start)];
    }
    case 'toDate':
      return [iso(startOfUnit(today, p.unit)), iso(today + DAY)];
  }
}

let instance: DuckDBInstance;
let conn: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
  // Every day from 2019 to 2027 at 00:00 and 23:59:59.999: the first and last instant of each day.
  await conn.run(`CREATE TABLE t AS
    SELECT d + INTERVAL '0 second' AS e FROM range(TIMESTAMP '2019-01-01', TIMESTAMP '2027-01-01', INTERVAL '1 day') r(d)
    UNION ALL
    SELECT d + INTERVAL '86399999 millisecond' FROM range(TIMESTAMP '2019-01-01', TIMESTAMP '2027-01-01', INTERVAL '1 day') r(d)`);
});

afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

async function firstAndLast(sql: string): Promise<[string, string]> {
  const rows = (
    await conn.runAndReadAll(
      `SELECT strftime(min(e), '%Y-%m-%d') AS lo, strftime(max(e) + INTERVAL '1 millisecond', '%Y-%m-%d') AS hi FROM t WHERE ${sql}`,
    )
  ).getRowObjects();
  return [String(rows[0]?.lo), String(rows[0]?.hi)];
}

describe('relative periods', () => {
  it('round-trip through their codes and refuse anything else', () => {
    for (const p of PERIODS) expect(parseRelativePeriod(relativePeriodCode(p))).toEqual(p);
    for (const bad of ['', 'last-0-day', 'last-7-days', 'this-day', 'to-date-day', 'previous-fortnight', 'last-1000001-day', "today'--"])
      expect(parseRelativePeriod(bad)).toBeNull();
  });

  it('say what they mean in words', () => {
    expect(relativePeriodWords({ kind: 'last', n: 7, unit: 'day' })).toBe('Last 7 days (before today)');
    expect(relativePeriodWords({ kind: 'last', n: 1, unit: 'month' })).toBe('Last 1 month (before this month)');
    expect(relativePeriodWords({ kind: 'previous', unit: 'quarter' })).toBe('Last quarter');
    expect(relativePeriodWords({ kind: 'toDate', unit: 'year' })).toBe('Year to date');
  });

  it.each(TODAYS)('select exactly their days on DuckDB when today is %s', async (today) => {
    for (const p of PERIODS) {
      const got = await firstAndLast(relativeConditionSql('e', p, `DATE '${today}'`));
      expect([relativePeriodCode(p), ...got]).toEqual([relativePeriodCode(p), ...expected(p, today)]);
    }
  });

  it("follow the query's time zone: CURRENT_DATE is the zone's date", async () => {
    const dateIn = async (zone: string) => {
      await conn.run(`SET TimeZone = '${zone}'`);
      const rows = (await conn.runAndReadAll(`SELECT strftime(CURRENT_DATE, '%Y-%m-%d') AS d`)).getRowObjects();
      return utc(String(rows[0]?.d));
    };
    const east = await dateIn('Pacific/Kiritimati');
    const west = await dateIn('Pacific/Pago_Pago');
    await conn.run(`SET TimeZone = 'UTC'`);
    // UTC+14 and UTC-11 are 25 hours apart: their dates always differ, so "today" is the zone's own.
    expect((east - west) / DAY).toBeGreaterThanOrEqual(1);
    const todayUtc = await dateIn('UTC');
    const got = await firstAndLast(relativeConditionSql('e', { kind: 'today' }));
    expect(got).toEqual([iso(todayUtc), iso(todayUtc + DAY)]);
  });
});
