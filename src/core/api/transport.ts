/** The injected HTTP transport: fetch in the browser (src/browser), UrlFetchApp on Apps Script, node in tests. */
import type { CancelSignal } from '../runtime/cancel-signal';

export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Trips when the caller gives up: the transport stops the request (a buffered one may finish first). */
  signal?: CancelSignal;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  /** The whole body as text (buffered transports such as Apps Script). */
  text(): Promise<string>;
  /**
   * The body as text chunks as they arrive (streaming transports). Buffered transports yield one chunk.
   * A streaming transport decodes bytes with the core's fatal UTF-8 feeder (ndjson/utf8-feeder), so a character split
   * across packets stays whole and invalid UTF-8 is a `stream` error naming its line. Reading to the end completes
   * the response; `return()` on the iterator before the end closes it deliberately.
   */
  chunks(): AsyncIterable<string>;
}

/** Performs one request; throws only on network failure or cancel (HTTP errors are responses). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;
