/** A byte front-end for the NDJSON decoder: decodes UTF-8 chunks with a streaming TextDecoder, so split characters stay whole. */
import { isAddinError } from '../wire/errors';
import type { NdjsonDecoder } from './ndjson-decoder';
import { streamError } from './stream-errors';

export interface Utf8Feeder {
  /** Push the next bytes; a character split across calls is held back until its last byte arrives. */
  feedBytes(bytes: Uint8Array): void;
  /** The bytes are complete: flushes the text decoder (a dangling partial character is an error), then ends the decoder. */
  end(): void;
}

/** Wraps a text decoder; invalid UTF-8 fails the stream with code 'invalidUtf8' (no silent U+FFFD). */
export function createUtf8Feeder(decoder: NdjsonDecoder): Utf8Feeder {
  const text = new TextDecoder('utf-8', { fatal: true });
  let failure: unknown;
  const decode = (bytes?: Uint8Array): string => {
    try {
      return bytes === undefined ? text.decode() : text.decode(bytes, { stream: true });
    } catch (e) {
      if (isAddinError(e)) throw e;
      throw streamError('invalidUtf8', 'the bytes are not valid UTF-8');
    }
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
        const chunk = decode(bytes);
        if (chunk.length > 0) decoder.feed(chunk);
      });
    },
    end() {
      guarded(() => {
        const tail = decode();
        if (tail.length > 0) decoder.feed(tail);
        decoder.end();
      });
    },
  };
}
