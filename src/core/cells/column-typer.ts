/**
 * The column typer: each result column's typing decided once and applied row by row straight into grid rows.
 * The column-wide display rules are applied after the rows.
 */
import { ownText } from '../ndjson/line-views';
import type { StreamColumn, StreamValue } from '../wire/schemas';
import { TEXT_FORMAT, type Scalar } from '../host';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT, readDateText, type ParsedDateText } from './date-serial';
import { needsTextFormat } from './inert-text';
import { memberNumberFormat } from './member-format';
import { numberTextValue, type NumberPrecision } from './number-text';
import type { TypedCell } from './typed-cell';
import { numberPrecision, readBooleanText, valueKind, type ValueKind } from './value-kind';

/** What the typing reads of a result column. */
export type TypedColumnSpec = Pick<StreamColumn, 'column_type' | 'format' | 'currency'>;

export interface TypeColumnOptions {
  /** Apply the column's percent/currency hint as a number format on its numeric cells (default true). */
  memberFormats?: boolean;
}

/** Rows of typed cells: the values to write and their number formats (`null`: none), row by row. */
export interface TypedRows {
  values: Scalar[][];
  formats: (string | null)[][];
}

/**
 * One column's typing: kind, number precision and member format decided once from the column; put() types one value
 * into a cell, exactly as typeValue does, and notes what the column's timestamps hold for the column-wide format.
 */
class ColumnTyper {
  private readonly kind: ValueKind;
  private readonly precision: NumberPrecision;
  /** The member's percent/currency format for numeric cells, or null. */
  private readonly numberFormat: string | null;
  /** The reading of the last date text (one object for the whole column). */
  private readonly date: ParsedDateText = {
    serial: 0,
    hasTime: false,
    hasTimeOfDay: false,
    hasFraction: false,
    beforeFirstSerialDate: false,
  };
  /** Texts of a text column already typed, with their format (null once the column has too many to share). */
  private texts: Map<string, SharedText> | null;
  /**
   * The texts shared last, by a slot read from a text's length and three of its characters: a text found there is
   * compared once, where the map would first hash every character of the fresh string the decoder gave.
   */
  private readonly recent: (SharedText | null)[] = [];
  private timestamps = 0;
  private anyTimeOfDay = false;
  private anyFraction = false;

  constructor(column: TypedColumnSpec, options: TypeColumnOptions) {
    this.kind = valueKind(column.column_type);
    this.precision = numberPrecision(column.column_type);
    this.numberFormat = this.kind === 'number' && options.memberFormats !== false ? memberNumberFormat(column) : null;
    this.texts = this.kind === 'text' ? new Map() : null;
    if (this.kind === 'text') for (let i = 0; i < RECENT_SLOTS; i++) this.recent.push(null);
  }

  /** Types `v` into cell `col` of a row's values and formats. */
  put(v: StreamValue, values: Scalar[], formats: (string | null)[], col: number): void {
    if (typeof v === 'string') {
      switch (this.kind) {
        case 'number':
          return this.putNumberText(v, values, formats, col);
        case 'boolean': {
          const read = readBooleanText(v);
          if (read === null) return putText(v, values, formats, col);
          values[col] = read;
          formats[col] = null;
          return;
        }
        case 'date':
          return this.putDateText(v, values, formats, col);
        case 'text':
          return this.putColumnText(v, values, formats, col);
      }
    }
    if (typeof v === 'number') {
      if (this.kind !== 'number' || !Number.isFinite(v)) return putText(String(v), values, formats, col);
      values[col] = v === 0 ? 0 : v; // -0 becomes 0
      formats[col] = this.numberFormat;
      return;
    }
    // null is an empty cell; JSON booleans stay booleans whatever the column.
    values[col] = v;
    formats[col] = null;
  }

  /**
   * A text column's value: the first cell of each distinct short text keeps its string and format for the next ones, so
   * the matrix holds one copy of each (a dimension's few members) and the inert-text rule runs once per text. A column
   * past MAX_SHARED_TEXTS distinct texts stops sharing (then every text is its own, as it came).
   */
  private putColumnText(text: string, values: Scalar[], formats: (string | null)[], col: number): void {
    const shared = this.texts;
    if (shared === null || text.length > MAX_SHARED_TEXT_LENGTH) return putText(text, values, formats, col);
    const n = text.length;
    // An empty text reads NaN characters: its slot is 0.
    const slot = (n * 31 + text.charCodeAt(0) * 7 + text.charCodeAt(n >> 1) * 131 + text.charCodeAt(n - 1)) & (RECENT_SLOTS - 1);
    const recent = this.recent[slot];
    const known = recent !== null && recent !== undefined && recent.text === text ? recent : shared.get(text);
    if (known !== undefined) {
      values[col] = known.text;
      formats[col] = known.format;
      this.recent[slot] = known;
      return;
    }
    putText(text, values, formats, col);
    // The text as kept (`putText` copies a view of the stream's line): the shared entry holds no line alive.
    const kept = values[col] as string;
    if (shared.size >= MAX_SHARED_TEXTS) this.texts = null;
    else {
      const entry = { text: kept, format: formats[col] ?? null };
      shared.set(kept, entry);
      this.recent[slot] = entry;
    }
  }

  private putNumberText(text: string, values: Scalar[], formats: (string | null)[], col: number): void {
    const read = numberTextValue(text, this.precision);
    if (read === null) return putText(text, values, formats, col);
    // Too many digits (or out of range) for a spreadsheet number: the exact text, inert.
    values[col] = typeof read === 'string' ? ownText(read) : read;
    formats[col] = typeof read === 'string' ? TEXT_FORMAT : this.numberFormat;
  }

  private putDateText(text: string, values: Scalar[], formats: (string | null)[], col: number): void {
    const parsed = this.date;
    if (!readDateText(text, parsed) || parsed.beforeFirstSerialDate) return putText(text, values, formats, col);
    values[col] = parsed.serial;
    if (!parsed.hasTime) {
      formats[col] = DATE_FORMAT;
      return;
    }
    this.timestamps++;
    if (parsed.hasFraction) this.anyFraction = true;
    if (parsed.serial !== Math.floor(parsed.serial)) this.anyTimeOfDay = true;
    formats[col] = parsed.hasFraction ? DATE_TIME_MS_FORMAT : DATE_TIME_FORMAT;
  }

  /**
   * The format every timestamp of the column shows once all are read (null when it had none): DATE_TIME_MS_FORMAT
   * when one has a fraction of a second, else DATE_TIME_FORMAT when one has a time of day, else DATE_FORMAT.
   */
  timestampFormat(): string | null {
    if (this.timestamps === 0) return null;
    return this.anyFraction ? DATE_TIME_MS_FORMAT : this.anyTimeOfDay ? DATE_TIME_FORMAT : DATE_FORMAT;
  }
}

/** A text a column shares, with its format. */
interface SharedText {
  text: string;
  format: string | null;
}

/** Slots of a text column's recent texts (a power of two). */
const RECENT_SLOTS = 1024;

/** Distinct texts a text column shares before it stops (a column of mostly distinct texts gains nothing from it). */
const MAX_SHARED_TEXTS = 10_000;
/** Longer texts are not shared (hashing them costs more than they are likely to repeat). */
const MAX_SHARED_TEXT_LENGTH = 64;

/**
 * Text that stays text: TEXT_FORMAT when a host could read it as something else (the inert-text rule). It is copied
 * (`ownText`): the stream's decoder may hand an adopting sink views of its lines.
 */
function putText(text: string, values: Scalar[], formats: (string | null)[], col: number): void {
  values[col] = ownText(text);
  formats[col] = needsTextFormat(text) ? TEXT_FORMAT : null;
}

export interface TypeRowsOptions extends TypeColumnOptions {
  /** Which result columns to type, in cell order (default: all of them, in order). */
  pick?: readonly number[];
}

/** Types result rows into one TypedRows as they arrive, line by line, keeping each column's typing across lines. */
export interface RowsTyper {
  /** Appends one values row and one formats row per result row. */
  add(rows: readonly (readonly StreamValue[])[]): void;
  /**
   * Like add, for rows nothing else holds: with every column picked in order, a row as wide as the result is typed in
   * place and becomes the values row (no copy); other rows are typed as add types them.
   */
  adopt(rows: StreamValue[][]): void;
  /** Applies the column-wide decisions to every row added; call once, after the last add. */
  finish(): void;
  /**
   * Each typed column's timestamp format as decided by the rows typed so far (null: no timestamp yet): what finish()
   * would give its timestamps now. It only ever moves from DATE_FORMAT to DATE_TIME_FORMAT to DATE_TIME_MS_FORMAT.
   */
  timestampFormats(): (string | null)[];
}

/**
 * A RowsTyper into `into`: cell k of a row is the value of result column pick[k] (a missing value is null), typed as
 * typeValue types it, plus two column-wide decisions so a column reads uniformly:
 * - a date/time column whose timestamps are all at midnight (DATE_TRUNC to day, week, month, quarter, year) shows as
 *   dates (DATE_FORMAT); if any timestamp has a fraction of a second, all timestamps show milliseconds;
 * - numeric cells get the member's percent/currency format when the header names one (see memberNumberFormat).
 */
export function createRowsTyper(columns: readonly TypedColumnSpec[], into: TypedRows, options: TypeRowsOptions = {}): RowsTyper {
  const pick = options.pick ?? columns.map((_, j) => j);
  const typers = pick.map((j) => {
    const column = columns[j];
    if (column === undefined) throw new RangeError(`The result has no column ${j}.`);
    return new ColumnTyper(column, options);
  });
  const width = pick.length;
  const start = into.values.length;
  let scratch = new Array<string | null>(width);
  let last: (string | null)[] | null = null;
  const identity = pick.length === columns.length && pick.every((j, k) => j === k);
  /** Types `row` into `values` (the row itself when adopted), then pushes it with its formats. */
  const typeRow = (row: readonly StreamValue[], values: Scalar[]): void => {
    if (identity && row.length === width)
      for (let k = 0; k < width; k++) (typers[k] as ColumnTyper).put(row[k] as StreamValue, values, scratch, k);
    else for (let k = 0; k < width; k++) typers[k]?.put(row[pick[k] ?? -1] ?? null, values, scratch, k);
    into.values.push(values);
    // A row whose formats equal the previous row's shares its array (most rows of a column-typed result do): the
    // matrix holds one formats array per change of formats, not one per row. Nothing writes a matrix's rows.
    if (last !== null && sameFormats(last, scratch, width)) into.formats.push(last);
    else {
      into.formats.push(scratch);
      last = scratch;
      scratch = new Array<string | null>(width);
    }
  };
  return {
    add(rows) {
      for (const row of rows) typeRow(row, new Array<Scalar>(width));
    },
    adopt(rows) {
      // A StreamValue is a Scalar: the row's cells are replaced one by one by their typed values (each read first).
      for (const row of rows) typeRow(row, identity && row.length === width ? row : new Array<Scalar>(width));
    },
    finish() {
      typers.forEach((typer, k) => {
        const timestampFormat = typer.timestampFormat();
        if (timestampFormat === null) return;
        // Rows sharing a formats array share the rewrite too (it sets every timestamp cell of the column alike).
        for (let i = start; i < into.formats.length; i++) {
          const formats = into.formats[i];
          const f = formats?.[k];
          if (formats && isTimestampFormat(f)) formats[k] = timestampFormat;
        }
      });
    },
    timestampFormats: () => typers.map((typer) => typer.timestampFormat()),
  };
}

/** A timestamp cell's format as typed, before its column's decision (finish) rewrites it. */
export function isTimestampFormat(format: string | null | undefined): boolean {
  return format === DATE_TIME_FORMAT || format === DATE_TIME_MS_FORMAT;
}

function sameFormats(a: readonly (string | null)[], b: readonly (string | null)[], width: number): boolean {
  for (let k = 0; k < width; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Types result rows into `into` in one go (createRowsTyper's rules: one add of every row, then finish). */
export function typeRowsInto(
  columns: readonly TypedColumnSpec[],
  rows: readonly (readonly StreamValue[])[],
  into: TypedRows,
  options: TypeRowsOptions = {},
): void {
  const typer = createRowsTyper(columns, into, options);
  typer.add(rows);
  typer.finish();
}

/** Types a whole column into one TypedCell per value (typeRowsInto's rules for one column). */
export function typeColumn(column: TypedColumnSpec, values: readonly StreamValue[], options: TypeColumnOptions = {}): TypedCell[] {
  const typed: TypedRows = { values: [], formats: [] };
  typeRowsInto(
    [column],
    values.map((v) => [v]),
    typed,
    options,
  );
  return typed.values.map((row, i) => ({ value: row[0] ?? null, format: typed.formats[i]?.[0] ?? null }));
}
