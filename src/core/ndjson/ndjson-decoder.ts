/** The push decoder of the query API's newline-delimited JSON result stream (header line, data lines, error line). */
import type { AddinError } from '../errors/addin-error';
import { streamErrorLineSchema, streamHeaderSchema, type StreamHeader, type StreamValue } from '../wire/schemas';
import { quoteBareNumbers } from './bare-numbers';
import { scanDataLine } from './data-line-scan';
import { serverLineError, streamError } from './stream-errors';
import { loneSurrogateIn } from './unicode-text';
import { utf8ByteLength } from './utf8-length';

/** Callbacks of the decoder, called synchronously from `feed` and `end` in stream order. */
export interface NdjsonHandlers {
  /** The header line, parsed with `streamHeaderSchema` (unknown keys dropped). */
  onHeader?(header: StreamHeader): void;
  /**
   * One data line (a batch); every row has exactly as many values as the header has columns. Values are strings,
   * booleans and null: a bare number comes as the exact text it was written as, never as a rounded double.
   */
  onRows?(rows: StreamValue[][]): void;
  /** The stream ended well: a header, at least one data line, no error line, a final newline. */
  onEnd?(summary: { rows: number }): void;
}

export interface NdjsonDecoderOptions {
  /** Longest accepted line in UTF-8 bytes (without its newline); a longer one, even partial, fails the stream. */
  maxLineBytes?: number;
  /**
   * Data rows' longer strings may be views of their line (`line-views.ts`), which saves copying every one: for a
   * consumer of `onRows` that copies whatever string it keeps (`ownText`) and drops the rest.
   */
  stringViews?: boolean;
}

export interface NdjsonDecoder {
  /** Push the next piece of text; throws the stream's AddinError as soon as a complete line proves it bad. */
  feed(text: string): void;
  /** The input is complete; throws if the stream is truncated or incomplete, else calls onEnd. */
  end(): void;
  /** Rows delivered so far. */
  readonly rows: number;
}

export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

/** A surrogate, raw or as an escape: only a line with one can hold a lone surrogate, so only its strings are checked. */
const MAY_HOLD_SURROGATE = /\\u[dD][89a-fA-F]|[\ud800-\udfff]/;

const CR = 13;
const BOM = 0xfeff;

/** Creates a decoder; feed it text in chunks of any size, then call end(). */
export function createNdjsonDecoder(handlers: NdjsonHandlers, options: NdjsonDecoderOptions = {}): NdjsonDecoder {
  return new Decoder(handlers, options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES, options.stringViews === true);
}

class Decoder implements NdjsonDecoder {
  rows = 0;
  private lineNo = 0;
  private dataLines = 0;
  private columns = -1;
  /** The incomplete last line, its length in code units, and its UTF-8 size once it is large enough to matter. */
  private pending = '';
  private pendingBytes: number | undefined;
  private failure: unknown;
  private failed = false;
  private ended = false;

  constructor(
    private readonly handlers: NdjsonHandlers,
    private readonly maxLineBytes: number,
    private readonly stringViews: boolean,
  ) {}

  feed(text: string): void {
    this.guard();
    try {
      let nl = text.indexOf('\n');
      if (nl === -1) {
        this.appendPending(text);
        return;
      }
      if (this.pending.length > 0) {
        const line = this.pending + text.slice(0, nl);
        this.pending = '';
        this.pendingBytes = undefined;
        this.line(line);
      } else {
        this.line(text.slice(0, nl));
      }
      let start = nl + 1;
      while ((nl = text.indexOf('\n', start)) !== -1) {
        this.line(text.slice(start, nl));
        start = nl + 1;
      }
      if (start < text.length) this.appendPending(text.slice(start));
    } catch (e) {
      throw this.fail(e);
    }
  }

  end(): void {
    this.guard();
    try {
      if (this.pending.length > 0 && this.pending.trim().length > 0) {
        throw streamError('truncated', 'the stream ended in the middle of a line (the connection was cut)', {
          line: this.lineNo + 1,
          text: this.pending,
        });
      }
      this.pending = '';
      if (this.columns < 0) {
        throw streamError('noHeader', 'the stream ended before its header line', { extra: { lines: this.lineNo } });
      }
      if (this.dataLines === 0) {
        throw streamError('noData', 'the stream ended after its header without any data line (the connection was cut)', {
          extra: { lines: this.lineNo },
        });
      }
      this.ended = true;
      this.handlers.onEnd?.({ rows: this.rows });
    } catch (e) {
      throw this.fail(e);
    }
  }

  private guard(): void {
    if (this.failed) throw this.failure;
    if (this.ended) throw new Error('NDJSON decoder: feed() or end() called after end()');
  }

  private fail(e: unknown): unknown {
    this.failed = true;
    this.failure = e;
    this.pending = '';
    return e;
  }

  /** Appends text without a newline to the partial line, keeping its size bounded. */
  private appendPending(piece: string): void {
    const next = this.pending + piece;
    const limit = this.maxLineBytes;
    if (next.length * 3 > limit) {
      // Only huge lines get here; count bytes once for what was buffered, then only for each new piece.
      this.pendingBytes = this.pendingBytes === undefined ? utf8ByteLength(next) : this.pendingBytes + utf8ByteLength(piece);
      if (next.length > limit || this.pendingBytes > limit) throw this.tooLong(this.lineNo + 1, next);
    }
    this.pending = next;
  }

  private tooLong(line: number, text: string): AddinError {
    return streamError('lineTooLong', `a line is longer than the limit of ${this.maxLineBytes} bytes`, {
      line,
      text,
      extra: { maxLineBytes: this.maxLineBytes },
    });
  }

  private line(raw: string): void {
    this.lineNo += 1;
    const n = this.lineNo;
    const limit = this.maxLineBytes;
    if (raw.length * 3 > limit && (raw.length > limit || utf8ByteLength(raw) > limit)) throw this.tooLong(n, raw);
    let text = raw.length > 0 && raw.charCodeAt(raw.length - 1) === CR ? raw.slice(0, -1) : raw;
    if (n === 1 && text.charCodeAt(0) === BOM) text = text.slice(1); // a byte-order mark a buffered transport kept
    if (text.length === 0) return;
    // The usual data line is read without JSON.parse (see data-line-scan.ts); anything else is parsed and judged below.
    const rows = this.columns >= 0 ? scanDataLine(text, this.columns, this.stringViews) : undefined;
    // Scanned rows hold exactly `columns` scalars each: they need none of dataLine's checks.
    if (rows !== undefined) return this.deliver(rows);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      if (text.trim().length === 0) return; // a blank line of spaces or tabs
      throw streamError('notJson', 'a line is not JSON', { line: n, text });
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw streamError('unknownShape', 'a line is neither a header, data nor an error', { line: n, text });
    }
    if (Object.hasOwn(value, 'error')) return this.errorLine(value, n, text);
    if (Object.hasOwn(value, 'data')) return this.dataLine((value as { data: unknown }).data, n, text);
    if (Object.hasOwn(value, 'schema')) return this.headerLine(value, n, text);
    throw streamError('unknownShape', 'a line is neither a header, data nor an error', { line: n, text });
  }

  private errorLine(value: object, n: number, text: string): never {
    const parsed = streamErrorLineSchema.safeParse(value);
    if (!parsed.success) throw streamError('invalidError', 'an error line has no error text', { line: n, text });
    throw serverLineError(parsed.data.error, n, this.rows, parsed.data.requestId);
  }

  private headerLine(value: object, n: number, text: string): void {
    if (this.columns >= 0) throw streamError('secondHeader', 'a second header line arrived', { line: n, text });
    const parsed = streamHeaderSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue === undefined ? '' : issue.path.map(String).join('.');
      const problem = issue === undefined ? 'invalid' : issue.message;
      throw streamError('invalidHeader', `the header line does not match the contract (${field || 'root'}: ${problem})`, {
        line: n,
        text,
        extra: { field },
      });
    }
    this.columns = parsed.data.schema.length;
    this.handlers.onHeader?.(parsed.data);
  }

  private dataLine(data: unknown, n: number, text: string): void {
    if (this.columns < 0) throw streamError('dataBeforeHeader', 'data arrived before the header line', { line: n, text });
    if (!Array.isArray(data)) throw streamError('invalidData', 'a data line holds no list of rows', { line: n, text });
    const columns = this.columns;
    let numbers = false;
    const surrogates = MAY_HOLD_SURROGATE.test(text);
    for (let r = 0; r < data.length; r++) {
      const row: unknown = data[r];
      if (!Array.isArray(row)) {
        throw streamError('invalidData', `row ${r + 1} of a data line is not a list`, { line: n, text, extra: { rowIndex: r } });
      }
      if (row.length !== columns) {
        throw streamError('rowLength', `row ${r + 1} of a data line has ${row.length} values, the header has ${columns} columns`, {
          line: n,
          text,
          extra: { rowIndex: r, values: row.length, columns },
        });
      }
      for (let c = 0; c < columns; c++) {
        const v: unknown = row[c];
        const t = typeof v;
        if (t === 'number') numbers = true;
        else if (t === 'string') {
          if (surrogates) checkUnicode(v as string, n, r, c, text);
        } else if (v !== null && t !== 'boolean') {
          throw streamError('invalidData', `row ${r + 1}, column ${c + 1} of a data line holds a nested value`, {
            line: n,
            text,
            extra: { rowIndex: r, columnIndex: c },
          });
        }
      }
    }
    // Bare numbers are read as the text they are written as (bare-numbers.ts): the same rows, with those as strings.
    const rows = numbers ? (JSON.parse(quoteBareNumbers(text)) as { data: StreamValue[][] }).data : (data as StreamValue[][]);
    this.deliver(rows);
  }

  /** Hands on a data line's rows, each as wide as the header and holding scalars only. */
  private deliver(rows: StreamValue[][]): void {
    this.dataLines += 1;
    this.rows += rows.length;
    this.handlers.onRows?.(rows);
  }
}

/** Refuses a value that is not Unicode text (a lone surrogate, as a `\ud800` escape parses): no cell may hold one. */
function checkUnicode(value: string, line: number, r: number, c: number, text: string): void {
  const lone = loneSurrogateIn(value);
  if (lone === null) return;
  throw streamError(
    'invalidText',
    `row ${r + 1}, column ${c + 1} of a data line holds a lone surrogate (${lone}), which is not valid Unicode text`,
    { line, text, extra: { rowIndex: r, columnIndex: c } },
  );
}
