/**
 * A flat result's rows typed into bands as the stream delivers them, for a host that writes while the stream arrives: a
 * queue between the stream (which pushes bands) and the writer (which takes them), and the column-wide timestamp rule
 * applied band by band.
 */
import { createRowsTyper, isTimestampFormat, type RowsTyper, type TypedRows } from '../cells/column-typer';
import { DATE_TIME_MS_FORMAT } from '../cells/date-serial';
import type { ResultRowSink } from '../api/query-result';
import type { StreamColumn, StreamValue } from '../wire/schemas';
import { internalError } from '../errors/addin-error';

/**
 * The cells of one timestamp column a band wrote with `format`, the column's decision when the band was cut: rows
 * (relative to the result's first data row) in runs of `[first, end)`.
 */
export interface TimestampRuns {
  col: number;
  format: string;
  runs: number[];
}

/** Data rows `first`… of the result, typed; the writer drops them once written. */
export interface RowBand {
  first: number;
  rows: TypedRows;
  /** Timestamp cells written with a format that a later row may still change (DATE_TIME_MS_FORMAT is final). */
  timestamps: TimestampRuns[];
}

/**
 * Bands between the stream and the writer. The stream pushes bands and then ends the queue with its outcome (`E`) or
 * fails it; the writer takes the bands in order and learns the end (null) or the failure from `next`.
 */
export class BandQueue<E> {
  private readonly bands: RowBand[] = [];
  private ended: { outcome: E } | null = null;
  private failure: { error: unknown } | null = null;
  private wake: (() => void) | null = null;

  push(band: RowBand): void {
    this.bands.push(band);
    this.notify();
  }

  end(outcome: E): void {
    this.ended = { outcome };
    this.notify();
  }

  /** The outcome the stream ended with; throws when it has not ended. */
  outcome(): E {
    if (this.ended === null) throw internalError(new Error('the stream has not ended'));
    return this.ended.outcome;
  }

  fail(error: unknown): void {
    this.failure ??= { error };
    this.notify();
  }

  /** The next band, null once the stream ended with every band taken; throws the stream's failure. */
  async next(): Promise<RowBand | null> {
    for (;;) {
      if (this.failure) throw this.failure.error;
      const band = this.bands.shift();
      if (band) return band;
      if (this.ended !== null) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/** The row sink of a streamed flat result: rows typed as they arrive and cut into bands of `bandRows` rows. */
export interface BandSink extends ResultRowSink {
  /** The result's columns once its header arrived (null before). */
  readonly columns: readonly StreamColumn[] | null;
  /** Data rows typed so far. */
  readonly rows: number;
  /** Cuts the rows typed since the last band into a band of their own (the stream's end). */
  flush(): void;
  /** Each column's final timestamp format (call after the last row; null: the column holds no timestamp). */
  timestampFormats(): (string | null)[];
}

/**
 * A BandSink pushing to `queue`; `onBand` is told each band as it is pushed (the first starts the writer). Each band's
 * timestamp cells take their column's decision so far, and the cells a later decision may still change are noted.
 */
export function createBandSink(queue: BandQueue<unknown>, bandRows: (cols: number) => number, onBand: () => void): BandSink {
  let columns: readonly StreamColumn[] | null = null;
  let typer: RowsTyper | null = null;
  // The typer appends to the arrays of the one TypedRows it was given: they are swapped for each band's.
  const into: TypedRows = { values: [], formats: [] };
  let first = 0;
  let size = 1;
  const cut = (): void => {
    if (!typer || into.values.length === 0) return;
    const rows: TypedRows = { values: into.values, formats: into.formats };
    const band: RowBand = { first, rows, timestamps: decideTimestamps(rows, typer.timestampFormats()) };
    first += rows.values.length;
    into.values = [];
    into.formats = [];
    queue.push(band);
    onBand();
  };
  /** Hands `rows` to `type` (the typer's add or adopt) in parts that end where a band is full, cutting each band. */
  function banded<R>(rows: readonly R[], type: (t: RowsTyper, part: readonly R[]) => void): void {
    const t = typer;
    if (!t) throw internalError(new Error('rows before the header'));
    let at = 0;
    while (at < rows.length) {
      const take = Math.min(rows.length - at, size - into.values.length);
      type(t, at === 0 && take === rows.length ? rows : rows.slice(at, at + take));
      at += take;
      if (into.values.length >= size) cut();
    }
  }
  return {
    get columns() {
      return columns;
    },
    get rows() {
      return first + into.values.length;
    },
    header(cols) {
      if (first > 0) throw internalError(new Error('the result started again after rows were written'));
      columns = cols;
      size = Math.max(1, bandRows(cols.length));
      into.values = [];
      into.formats = [];
      typer = createRowsTyper(cols, into, {});
    },
    add: (rows) => banded(rows, (t, part) => t.add(part)),
    // The parts of an adopted batch are slices of its own rows, which nothing else holds.
    adopt: (rows) => banded(rows, (t, part) => t.adopt(part as StreamValue[][])),
    flush: cut,
    timestampFormats: () => typer?.timestampFormats() ?? [],
  };
}

/** The timestamp format no later row can change. */
const FINAL_TIMESTAMP_FORMAT = DATE_TIME_MS_FORMAT;

/**
 * Gives a band's timestamp cells their column's format so far (createRowsTyper's finish rule, decided on the rows typed
 * so far), and returns the runs of those cells in each column whose format a later row may still change.
 */
function decideTimestamps(band: TypedRows, formats: readonly (string | null)[]): TimestampRuns[] {
  const out: TimestampRuns[] = [];
  formats.forEach((format, col) => {
    if (format === null) return;
    const runs: number[] = [];
    let open = -1;
    // Rows share formats arrays: one rewritten here shows the decided format to the next rows that share it, which
    // are timestamp cells all the same (a date cell's own DATE_FORMAT is never rewritten).
    const rewritten = new Set<(string | null)[]>();
    for (let i = 0; i < band.formats.length; i++) {
      const row = band.formats[i];
      const stamp = row !== undefined && (isTimestampFormat(row[col]) || rewritten.has(row));
      if (stamp) {
        if (!rewritten.has(row)) {
          row[col] = format;
          rewritten.add(row);
        }
        if (open < 0) open = i;
      } else if (open >= 0) {
        runs.push(open, i);
        open = -1;
      }
    }
    if (open >= 0) runs.push(open, band.formats.length);
    if (runs.length > 0 && format !== FINAL_TIMESTAMP_FORMAT) out.push({ col, format, runs });
  });
  return out;
}
