/** The injected HTTP transport: fetch in the browser, UrlFetchApp on Apps Script, node in tests. */

export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  /** The whole body as text (buffered transports such as Apps Script). */
  text(): Promise<string>;
  /**
   * The body as text chunks as they arrive (streaming transports). Buffered transports yield one chunk.
   * Implementations decode bytes with a streaming UTF-8 decoder, so a character split across packets is never broken.
   */
  chunks(): AsyncIterable<string>;
}

/** Performs one request; throws only on network failure or abort (HTTP errors are responses). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** Clock and sleep, injected so the core has no timers. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
