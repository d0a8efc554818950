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
  /**
   * The whole body as text, at most `maxBytes` UTF-8 bytes: past that it rejects with bodyTooLarge(maxBytes)
   * (body-limit.ts), and a streaming transport stops reading and cancels the body.
   */
  text(maxBytes: number): Promise<string>;
  /** True when the whole body has already arrived (Apps Script): reading it cannot stall, so no idle watch is needed. */
  readonly buffered?: boolean;
  /**
   * The body as text chunks as they arrive (streaming transports). Buffered transports yield one chunk.
   * A streaming transport decodes bytes with the core's fatal UTF-8 feeder (ndjson/utf8-feeder), so a character split
   * across packets stays whole and invalid UTF-8 is a `stream` error naming its line. Reading to the end completes
   * the response; `return()` on the iterator before the end closes it deliberately.
   */
  chunks(): AsyncIterable<string>;
  /**
   * Optional: the body's bytes read so far by `chunks()` (a streaming transport counts them as they arrive, so its
   * consumer need not count the UTF-8 bytes of every chunk again). Absent: the consumer counts them.
   */
  bytesRead?(): number;
}

/**
 * Performs one request; throws on network failure, cancel, or a redirect (never followed: redirect.ts). Other HTTP
 * errors are responses.
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;
