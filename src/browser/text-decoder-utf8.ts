/**
 * The core's UTF-8 decoder over the browser's TextDecoder: fatal, so there is no silent U+FFFD.
 * The byte-order mark is kept for the stream decoder to judge.
 */
import type { Utf8Decoder } from '../core/runtime/utf8-decoder';

export function textDecoderUtf8(): Utf8Decoder {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  return { decode: (bytes) => decoder.decode(bytes) };
}
