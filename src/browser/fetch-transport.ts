/**
 * The core's Transport over a WHATWG fetch function (the browser's, or Node's in tests).
 * Cancel is bridged to AbortController; bodies are decoded as fatal UTF-8.
 */
import { bodyTooLarge } from '../core/api/body-limit';
import { isRedirectStatus, redirectRefused } from '../core/api/redirect';
import type { Transport, TransportResponse } from '../core/api/transport';
import { createUtf8Feeder } from '../core/ndjson/utf8-feeder';
import type { Utf8Decoder } from '../core/runtime/utf8-decoder';
import { textDecoderUtf8 } from './text-decoder-utf8';

/** What this transport asks of fetch: redirects are handed back, never followed. */
interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  redirect?: 'manual';
}

/** The part of the fetch API this transport uses. */
export type FetchLike = (
  url: string,
  init: FetchInit,
) => Promise<{
  status: number;
  /** 'opaqueredirect' for a browser's manual redirect (status 0, Location hidden). */
  type?: string;
  headers: { forEach(cb: (value: string, key: string) => void): void };
  body: ReadableStream<Uint8Array> | null;
  /** The whole body by the browser's own consumer (used for small bodies of a declared length). */
  arrayBuffer?: () => Promise<ArrayBuffer>;
}>;

/**
 * Lets the page run between a body's chunks: `pause` is awaited before reading on once `everyMs` (on `now`) have
 * passed since the last pause. A body already buffered is otherwise read, decoded and typed by its consumer in one
 * task (its reads resolve as microtasks), which freezes the page for a large result.
 */
export interface ReadPacing {
  pause: () => Promise<void>;
  now: () => number;
  everyMs: number;
}

/**
 * The largest declared length read whole by the response's own arrayBuffer(). Chromium at times reports a body read to
 * its end through a stream reader as cancelled (net::ERR_ABORTED in DevTools) although every byte arrived; the
 * browser's own consumer completes the request as finished. Only a body whose declared length is its decoded length is
 * read so (declaredIsDecoded): a compressed body declares its compressed size, and 2 KB of `gzip, gzip` decode to 1 GB.
 */
const WHOLE_READ_MAX_DECLARED = 64 * 1024;

/** The most bytes of a paced body handed on between two pace checks. */
const SLICE_BYTES = 64 * 1024;

export function fetchTransport(fetchImpl: FetchLike, utf8: () => Utf8Decoder = textDecoderUtf8, pacing?: ReadPacing): Transport {
  return async (request) => {
    const controller = new AbortController();
    // The core's signal trips the fetch (and a body being read); the bridge goes once the body is done with.
    const unbridge = request.signal?.onCancel(() => controller.abort()) ?? (() => undefined);
    const init: FetchInit = { method: request.method, headers: request.headers, signal: controller.signal, redirect: 'manual' };
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
    if (res.type === 'opaqueredirect' || isRedirectStatus(res.status)) {
      await res.body?.cancel().catch(() => undefined);
      unbridge();
      throw redirectRefused(request.url, res.type === 'opaqueredirect' ? undefined : res.status, headers['location']);
    }
    let consumed = false;
    const claim = (): void => {
      if (consumed) throw new Error('response body already consumed');
      consumed = true;
    };
    const read = { bytes: 0 };
    const response: TransportResponse = {
      status: res.status,
      headers,
      text: async (maxBytes) => {
        claim();
        try {
          return await boundedText(res, headers['content-length'], declaredIsDecoded(res.type, headers), maxBytes);
        } finally {
          unbridge();
        }
      },
      chunks: () => {
        claim();
        return streamText(res.body, utf8(), unbridge, pacing, read);
      },
      bytesRead: () => read.bytes,
    };
    return response;
  };
}

/**
 * True when the body's declared length is the length of what it decodes to: it has no content coding, seen on headers
 * that are not filtered. A cross-origin answer's headers are ('cors'): Content-Encoding is hidden unless the server
 * exposes it, so its absence says nothing there.
 */
function declaredIsDecoded(type: string | undefined, headers: Record<string, string>): boolean {
  const coding = headers['content-encoding'];
  if (coding !== undefined) return /^\s*(identity)?\s*$/i.test(coding);
  return type !== 'cors' && type !== 'opaque';
}

/**
 * The whole body as text (invalid UTF-8 replaced, as fetch's text() does), refused once it passes `maxBytes`: a declared
 * length past the cap is refused before reading (a compressed body decodes to about as much or more), and a body that
 * grows past it is cancelled there. Unless the declared length is the decoded one (`decoded`), the body goes through the
 * reader, so what a compressed body decodes to is counted while it is read, never after.
 */
async function boundedText(
  res: Pick<Awaited<ReturnType<FetchLike>>, 'body' | 'arrayBuffer'>,
  declared: string | undefined,
  decoded: boolean,
  maxBytes: number,
): Promise<string> {
  const { body } = res;
  if (body === null) return '';
  const length = declared !== undefined && /^\d+$/.test(declared.trim()) ? Number(declared) : null;
  if (length !== null && length > maxBytes) {
    await body.cancel().catch(() => undefined);
    throw bodyTooLarge(maxBytes);
  }
  if (decoded && length !== null && length <= WHOLE_READ_MAX_DECLARED && res.arrayBuffer !== undefined) {
    const whole = await res.arrayBuffer();
    if (whole.byteLength > maxBytes) throw bodyTooLarge(maxBytes);
    return new TextDecoder().decode(whole);
  }
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw bodyTooLarge(maxBytes);
      parts.push(value);
    }
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return new TextDecoder().decode(all);
}

/**
 * The body's text as it arrives, decoded by the core's fatal UTF-8 feeder. Read to its end, the response completes;
 * left early (the consumer's `return()`, a bad byte), the body is cancelled deliberately rather than dropped half-read.
 */
async function* streamText(
  body: ReadableStream<Uint8Array> | null,
  utf8: Utf8Decoder,
  unbridge: () => void,
  pacing: ReadPacing | undefined,
  read: { bytes: number },
): AsyncGenerator<string> {
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
  let since = pacing?.now() ?? 0;
  // One decoding step: a chunk's slice (a large buffered chunk is handed on in slices, so each can be paced).
  const step = function* (bytes: Uint8Array | null): Generator<string> {
    let failure: unknown;
    try {
      if (bytes === null) feeder.end();
      else {
        read.bytes += bytes.length;
        feeder.feedBytes(bytes);
      }
    } catch (e) {
      failure = e ?? new Error('UTF-8 decoding failed');
    }
    if (bytes === null && failure === undefined) finished = true;
    // Lines before a bad byte still reach the consumer, in order, before its error.
    if (pieces.length > 0) yield take();
    if (failure !== undefined) throw failure;
  };
  const paced = async (): Promise<void> => {
    // The time since the last pause includes the consumer's work on what was handed on (it runs before this resumes).
    if (pacing !== undefined && pacing.now() - since >= pacing.everyMs) {
      await pacing.pause();
      since = pacing.now();
    }
  };
  try {
    for (;;) {
      await paced();
      const { done, value } = await reader.read();
      if (done) {
        yield* step(null);
        return;
      }
      const slice = pacing === undefined ? value.length : SLICE_BYTES;
      for (let at = 0; at < value.length; at += slice) {
        if (at > 0) await paced();
        yield* step(at === 0 && slice >= value.length ? value : value.subarray(at, at + slice));
      }
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
    unbridge();
  }
}
