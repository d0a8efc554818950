/** A Transport over a WHATWG fetch function (injected: the browser's fetch, or Node's in tests), streaming text chunks. */
import type { Transport, TransportResponse } from './transport';

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

export function fetchTransport(fetchImpl: FetchLike): Transport {
  return async (request) => {
    const init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal } = {
      method: request.method,
      headers: request.headers,
    };
    if (request.body !== undefined) init.body = request.body;
    if (request.signal !== undefined) init.signal = request.signal;
    const res = await fetchImpl(request.url, init);
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
        return res.text();
      },
      chunks: () => {
        claim();
        return streamText(res.body, request.signal);
      },
    };
    return response;
  };
}

async function* streamText(body: ReadableStream<Uint8Array> | null, signal?: AbortSignal): AsyncIterable<string> {
  if (body === null) return;
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  const onAbort = (): void => {
    void reader.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (text.length > 0) yield text;
    }
    const tail = decoder.decode();
    if (tail.length > 0) yield tail;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
}
