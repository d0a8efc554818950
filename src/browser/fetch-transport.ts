/** The core's Transport over a WHATWG fetch function (the browser's, or Node's in tests): cancel bridged to AbortController, bodies decoded as fatal UTF-8. */
import type { Transport, TransportResponse } from '../core/api/transport';
import { createUtf8Feeder } from '../core/ndjson/utf8-feeder';
import type { Utf8Decoder } from '../core/runtime/utf8-decoder';
import { textDecoderUtf8 } from './text-decoder-utf8';

/** The part of the fetch API this transport uses. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  headers: { forEach(cb: (value: string, key: string) => void): void };
  text(): Promise<string>;
  body: ReadableStream<Uint8Array> | null;
}>;

export function fetchTransport(fetchImpl: FetchLike, utf8: () => Utf8Decoder = textDecoderUtf8): Transport {
  return async (request) => {
    const controller = new AbortController();
    // The core's signal trips the fetch (and a body being read); the bridge goes once the body is done with.
    const unbridge = request.signal?.onCancel(() => controller.abort()) ?? (() => undefined);
    const init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal } = {
      method: request.method,
      headers: request.headers,
      signal: controller.signal,
    };
    if (request.body !== undefined) init.body = request.body;
    let res: Awaited<ReturnType<FetchLike>>;
    try {
      res = await fetchImpl(request.url, init);
    } catch (e) {
      unbridge();
      throw e;
    }
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    let consumed = false;
    const claim = (): void => {
      if (consumed) throw new Error('response body already consumed');
      consumed = true;
    };
    const response: TransportResponse = {
      status: res.status,
      headers,
      text: async () => {
        claim();
        try {
          return await res.text();
        } finally {
          unbridge();
        }
      },
      chunks: () => {
        claim();
        return streamText(res.body, utf8(), unbridge);
      },
    };
    return response;
  };
}

/**
 * The body's text as it arrives, decoded by the core's fatal UTF-8 feeder. Read to its end, the response completes;
 * left early (the consumer's `return()`, a bad byte), the body is cancelled deliberately rather than dropped half-read.
 */
async function* streamText(body: ReadableStream<Uint8Array> | null, utf8: Utf8Decoder, unbridge: () => void): AsyncGenerator<string> {
  if (body === null) {
    unbridge();
    return;
  }
  const reader = body.getReader();
  const pieces: string[] = [];
  const feeder = createUtf8Feeder({ feed: (text) => pieces.push(text), end: () => undefined }, utf8);
  const take = (): string => {
    const text = pieces.length === 1 ? (pieces[0] ?? '') : pieces.join('');
    pieces.length = 0;
    return text;
  };
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      let failure: unknown;
      try {
        if (done) feeder.end();
        else feeder.feedBytes(value);
      } catch (e) {
        failure = e ?? new Error('UTF-8 decoding failed');
      }
      if (done && failure === undefined) finished = true;
      // Lines before a bad byte still reach the consumer, in order, before its error.
      if (pieces.length > 0) yield take();
      if (failure !== undefined) throw failure;
      if (done) return;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
    unbridge();
  }
}
