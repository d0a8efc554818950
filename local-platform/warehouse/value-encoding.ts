/**
 * Encodes DuckDB values as the engine writes them in data rows: every number as a string (exact for 64/128-bit
 * integers and decimals), timestamps `YYYY-MM-DDTHH:MM:SS.mmm` without zone, dates `YYYY-MM-DD`, booleans, null,
 * intervals as Postgres text, lists as `{a,b}`, anything else as its text.
 */
import {
  DuckDBBlobValue,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBIntervalValue,
  DuckDBListValue,
  DuckDBArrayValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';

/** A value as it appears in a `{"data":[...]}` row. */
export type WireValue = string | boolean | null;

const MS_PER_DAY = 86_400_000;

/** `YYYY-MM-DDTHH:MM:SS.mmm` of a wall-clock instant given as milliseconds since 1970-01-01T00:00:00. */
export function formatWallClockMillis(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return ms > 0 ? 'infinity' : '-infinity';
  return d.toISOString().slice(0, -1);
}

/** Milliseconds (floored) of a count of `unitsPerMs` units. */
function floorToMillis(units: bigint, unitsPerMs: bigint): number {
  const q = units / unitsPerMs;
  return Number(units % unitsPerMs < 0n ? q - 1n : q);
}

/** Expands `1.5e-7` / `1e+21` to plain decimal digits, as the engine prints doubles. */
function expandExponent(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign, intPart, fracPart = '', expText] = m;
  const digits = `${intPart}${fracPart}`;
  const point = intPart!.length + Number(expText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`.replace(/\.?0+$/, '');
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A double as the engine prints it: shortest round-trip digits, never in exponent form. */
export function formatDouble(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'inf';
  if (n === -Infinity) return '-inf';
  return expandExponent(String(n));
}

/** A float32 with its own shortest digits (not those of the widened double). */
function formatFloat(n: number): string {
  if (!Number.isFinite(n)) return formatDouble(n);
  for (let p = 1; p <= 9; p++) {
    const candidate = Number(n.toPrecision(p));
    if (Math.fround(candidate) === n) return formatDouble(candidate);
  }
  return formatDouble(n);
}

const pad2 = (n: bigint | number): string => String(n).padStart(2, '0');

/** Postgres text of an interval: `1 year 2 mons 3 days 04:05:06.5`. */
export function formatInterval(v: DuckDBIntervalValue): string {
  const parts: string[] = [];
  const unit = (n: number, one: string, many: string): void => {
    if (n !== 0) parts.push(`${n} ${n === 1 ? one : many}`);
  };
  unit(Math.trunc(v.months / 12), 'year', 'years');
  unit(v.months % 12, 'mon', 'mons');
  unit(v.days, 'day', 'days');
  if (v.micros !== 0n || parts.length === 0) {
    const negative = v.micros < 0n;
    let rest = negative ? -v.micros : v.micros;
    const hours = rest / 3_600_000_000n;
    rest %= 3_600_000_000n;
    const minutes = rest / 60_000_000n;
    rest %= 60_000_000n;
    const seconds = rest / 1_000_000n;
    const fraction = rest % 1_000_000n;
    let text = `${negative ? '-' : ''}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`;
    if (fraction !== 0n) text += `.${fraction.toString().padStart(6, '0').replace(/0+$/, '')}`;
    parts.push(text);
  }
  return parts.join(' ');
}

/** Wall-clock offset of a time zone at an instant, through Intl (cached formatter per zone). */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneOffsetMillis(timezone: string, utcMillis: number): number {
  let f = zoneFormatters.get(timezone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormatters.set(timezone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(utcMillis))) p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  const whole = utcMillis - (((utcMillis % 1000) + 1000) % 1000);
  return wall - whole;
}

/** A TIMESTAMP WITH TIME ZONE as wall-clock time in the query's time zone. */
function formatInstant(micros: bigint, timezone: string): string {
  const ms = floorToMillis(micros, 1000n);
  if (!Number.isFinite(new Date(ms).getTime())) return micros > 0n ? 'infinity' : '-infinity';
  try {
    return formatWallClockMillis(ms + zoneOffsetMillis(timezone, ms));
  } catch {
    return formatWallClockMillis(ms);
  }
}

/** `\x0102...`: Postgres hex text of bytes. */
function formatBytes(bytes: Uint8Array): string {
  return `\\x${Buffer.from(bytes).toString('hex')}`;
}

/** One element inside a Postgres array literal. */
function arrayElementText(value: DuckDBValue, type: DuckDBType, timezone: string): string {
  const wire = wireValue(value, type, timezone);
  if (wire === null) return 'NULL';
  if (typeof wire === 'boolean') return wire ? 't' : 'f';
  if (type.typeId === DuckDBTypeId.LIST || type.typeId === DuckDBTypeId.ARRAY) return wire;
  if (wire === '' || /[{},"\\\s]/.test(wire) || wire.toUpperCase() === 'NULL') {
    return `"${wire.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  }
  return wire;
}

/** The wire value of one DuckDB value of `type`; `timezone` is the query's (for TIMESTAMP WITH TIME ZONE). */
export function wireValue(value: DuckDBValue, type: DuckDBType, timezone: string): WireValue {
  if (value === null) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return type.typeId === DuckDBTypeId.FLOAT ? formatFloat(value) : formatDouble(value);
  if (value instanceof DuckDBDecimalValue) return value.toString();
  if (value instanceof DuckDBTimestampValue) {
    return value.isFinite ? formatWallClockMillis(floorToMillis(value.micros, 1000n)) : value.micros > 0n ? 'infinity' : '-infinity';
  }
  if (value instanceof DuckDBTimestampTZValue) return formatInstant(value.micros, timezone);
  if (value instanceof DuckDBDateValue) {
    return value.isFinite ? formatWallClockMillis(value.days * MS_PER_DAY).slice(0, 10) : value.days > 0 ? 'infinity' : '-infinity';
  }
  if (value instanceof DuckDBTimestampSecondsValue) {
    return value.isFinite ? formatWallClockMillis(Number(value.seconds) * 1000) : value.seconds > 0n ? 'infinity' : '-infinity';
  }
  if (value instanceof DuckDBTimestampMillisecondsValue) {
    return value.isFinite ? formatWallClockMillis(Number(value.millis)) : value.millis > 0n ? 'infinity' : '-infinity';
  }
  if (value instanceof DuckDBTimestampNanosecondsValue) {
    return value.isFinite ? formatWallClockMillis(floorToMillis(value.nanos, 1_000_000n)) : value.nanos > 0n ? 'infinity' : '-infinity';
  }
  if (value instanceof DuckDBIntervalValue) return formatInterval(value);
  if (value instanceof DuckDBBlobValue) return formatBytes(value.bytes);
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) {
    const itemType = type.typeId === DuckDBTypeId.LIST || type.typeId === DuckDBTypeId.ARRAY ? type.valueType : type;
    return `{${value.items.map((item) => arrayElementText(item, itemType, timezone)).join(',')}}`;
  }
  return String(value);
}

/** A JSON encoder of one column's cells, with fast paths for the types the sample model produces. */
export function cellEncoder(type: DuckDBType, timezone: string): (value: DuckDBValue) => string {
  const generic = (v: DuckDBValue): string => JSON.stringify(wireValue(v, type, timezone));
  switch (type.typeId) {
    case DuckDBTypeId.VARCHAR:
      return (v) => (typeof v === 'string' ? JSON.stringify(v) : generic(v));
    case DuckDBTypeId.BOOLEAN:
      return (v) => (v === true ? 'true' : v === false ? 'false' : 'null');
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return (v) => (typeof v === 'number' || typeof v === 'bigint' ? `"${v}"` : generic(v));
    case DuckDBTypeId.DECIMAL:
      return (v) => (v instanceof DuckDBDecimalValue ? `"${v.toString()}"` : generic(v));
    case DuckDBTypeId.TIMESTAMP:
      return (v) =>
        v instanceof DuckDBTimestampValue && v.isFinite ? `"${formatWallClockMillis(floorToMillis(v.micros, 1000n))}"` : generic(v);
    default:
      return generic;
  }
}
