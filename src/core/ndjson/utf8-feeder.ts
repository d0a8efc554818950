/**
 * A byte front-end for a text consumer (the NDJSON decoder): fatal UTF-8 over the injected decoder.
 * Characters split across chunks are kept whole; a bad byte is named by its line.
 */
import type { Utf8Decoder } from '../runtime/utf8-decoder';
import { streamError } from './stream-errors';

/** Where the decoded text goes: the NDJSON decoder, or a transport's queue of text chunks. */
export interface TextSink {
  feed(text: string): void;
  end(): void;
}

export interface Utf8Feeder {
  /** Push the next bytes; a character split across calls is held back until its last byte arrives. */
  feedBytes(bytes: Uint8Array): void;
  /** The bytes are complete: a dangling partial character is an error, else the sink ends. */
  end(): void;
}

const NEWLINE = 0x0a;
const EMPTY = new Uint8Array(0);

/** The length of `bytes` without an incomplete character at its end (at most 3 bytes are held back). */
export function completeLength(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = n - 1; i >= 0 && i >= n - 4; i--) {
    const b = bytes[i] ?? 0;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return n - i < need ? i : n;
  }
  return n; // no lead byte near the end: invalid, and the decoder says so
}

/** Counts newlines in text (native indexOf, cheap on NDJSON's long lines). */
function newlinesIn(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/**
 * Decodes bytes for `sink` with `utf8` (fatal): invalid UTF-8 fails with a `stream` error of code 'invalidUtf8' naming
 * the line it is on (lines counted from the first byte fed); the lines before it reach the sink first. After a failure
 * every call throws the same error.
 */
export function createUtf8Feeder(sink: TextSink, utf8: Utf8Decoder): Utf8Feeder {
  let carry: Uint8Array = EMPTY;
  let lines = 0;
  let failure: unknown;

  const deliver = (text: string): void => {
    if (text.length === 0) return;
    lines += newlinesIn(text);
    sink.feed(text);
  };

  const invalidAt = (problem: string) =>
    streamError('invalidUtf8', `line ${lines + 1} is not readable text: ${problem}`, { line: lines + 1 });

  /** Decodes line by line to find the bad one, delivering the good lines before it; always throws. */
  const locate = (bytes: Uint8Array): never => {
    let start = 0;
    while (start < bytes.length) {
      const nl = bytes.indexOf(NEWLINE, start);
      const stop = nl === -1 ? bytes.length : nl + 1;
      let text: string;
      try {
        text = utf8.decode(bytes.subarray(start, stop));
      } catch {
        throw invalidAt('it holds bytes that are not valid UTF-8');
      }
      deliver(text);
      start = stop;
    }
    throw new Error('UTF-8 feeder: the decoder refused bytes it accepts line by line');
  };

  const decodeWhole = (bytes: Uint8Array): void => {
    if (bytes.length === 0) return;
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return locate(bytes);
    }
    deliver(text);
  };

  const guarded = (step: () => void): void => {
    if (failure !== undefined) throw failure;
    try {
      step();
    } catch (e) {
      failure = e;
      throw e;
    }
  };

  return {
    feedBytes(bytes) {
      guarded(() => {
        let input = bytes;
        if (carry.length > 0) {
          input = new Uint8Array(carry.length + bytes.length);
          input.set(carry, 0);
          input.set(bytes, carry.length);
        }
        const cut = completeLength(input);
        carry = cut === input.length ? EMPTY : input.slice(cut);
        decodeWhole(input.subarray(0, cut));
      });
    },
    end() {
      guarded(() => {
        if (carry.length > 0) throw invalidAt('the stream ended in the middle of a UTF-8 character');
        sink.end();
      });
    },
  };
}
