/**
 * The core's Transport over UrlFetchApp, with requests batched into fetchAll (see fetch-batcher.ts).
 * HTTP errors come back as responses (muteHttpExceptions), the whole body is handed over as one text, and a response at
 * or near the 50 MB fetch cap is refused with a clear message; failures to connect are thrown as they are, like the
 * browser's fetch.
 */
import { z } from 'zod';
import { AddinError, cancelledError } from '../../../src/core/errors/addin-error';
import type { Transport, TransportRequest, TransportResponse } from '../../../src/core/api/transport';
import type { FetchOptions, HttpMethod, UrlFetchService } from '../apps-script/apps-script-services';
import { utf8ByteLength } from '../../../src/core/ndjson/utf8-length';
import { bodyTooLarge } from '../../../src/core/api/body-limit';
import { isRedirectStatus, redirectRefused } from '../../../src/core/api/redirect';
import { fetchBatcher, type FetchBatcherOptions } from './fetch-batcher';

/** UrlFetchApp's cap on a response (Google's quotas page: 50 MB per call). */
export const FETCH_CAP_BYTES = 50 * 1024 * 1024;
/** A body this large is refused: at the cap the service may have cut or refused it, and nothing that big fits a sheet's budget anyway. */
export const NEAR_CAP_BYTES = FETCH_CAP_BYTES - 1024 * 1024;
/** UrlFetchApp's cap on a URL (2 KB). */
export const MAX_URL_CHARS = 2048;

const headerValues = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const METHODS: Record<TransportRequest['method'], HttpMethod> = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' };

function tooLarge(url: string, bytes: number | null): AddinError {
  const size = bytes === null ? 'more than 50 MB' : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return new AddinError(
    'limit',
    `The platform's answer is too large for Google Sheets to fetch (${size}; Apps Script takes at most 50 MB per request). Nothing was changed. Add filters or remove columns so the report returns less data, then try again.`,
    { data: { url, bytes } },
  );
}

/** The one place a cancel request is checked: UrlFetchApp calls cannot be aborted, so cancelling takes effect before the next request. */
function throwIfCancelled(request: TransportRequest): void {
  if (request.signal?.cancelled) throw cancelledError();
}

function optionsOf(request: TransportRequest): FetchOptions {
  const headers: Record<string, string> = {};
  let contentType: string | undefined;
  for (const [name, value] of Object.entries(request.headers)) {
    // UrlFetchApp takes the body's type as its own option.
    if (name.toLowerCase() === 'content-type') contentType = value;
    else headers[name] = value;
  }
  // Redirects come back as answers and are refused: followed, the SQL would be re-posted to wherever they point.
  const options: FetchOptions = { method: METHODS[request.method], headers, muteHttpExceptions: true, followRedirects: false };
  if (request.body !== undefined) options.payload = request.body;
  if (contentType !== undefined) options.contentType = contentType;
  return options;
}

function lowerCaseHeaders(raw: object, url: string): Record<string, string> {
  const parsed = headerValues.safeParse(raw);
  if (!parsed.success)
    throw new AddinError('host', 'Apps Script returned response headers in an unexpected shape.', {
      detail: parsed.error.message,
      data: { url },
    });
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed.data)) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/** The Content-Length header as a number, or null when it is absent or not a plain count. */
function declaredLength(headers: Record<string, string>): number | null {
  const value = headers['content-length']?.trim();
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

export interface UrlFetchTransportOptions {
  /** Bodies at least this large are refused (default NEAR_CAP_BYTES; tests lower it). */
  refuseBytes?: number;
  /** How requests are gathered into fetchAll batches. */
  batch?: FetchBatcherOptions;
}

export function urlFetchTransport(urlFetch: UrlFetchService, options: UrlFetchTransportOptions = {}): Transport {
  const refuseBytes = options.refuseBytes ?? NEAR_CAP_BYTES;
  const batcher = fetchBatcher(urlFetch, options.batch);
  return async (request: TransportRequest): Promise<TransportResponse> => {
    throwIfCancelled(request);
    if (request.url.length > MAX_URL_CHARS) {
      throw new AddinError(
        'limit',
        `The request address is longer than Apps Script allows (${MAX_URL_CHARS} characters). Shorten the report's filters and try again.`,
      );
    }
    let text: string;
    let status: number;
    let headers: Record<string, string>;
    try {
      const response = await batcher.fetch(request.url, optionsOf(request));
      status = response.getResponseCode();
      headers = lowerCaseHeaders(response.getAllHeaders(), request.url);
      // A declared length past the refusal is refused before the body is made a string (a compressed body's declared
      // length is its compressed size, which it decodes to at least about): only what may be read is ever decoded.
      const declared = declaredLength(headers);
      if (declared !== null && declared >= refuseBytes) throw tooLarge(request.url, declared);
      text = response.getContentText();
    } catch (e) {
      // A refused size becomes a clear limit error; anything else (DNS, refused connection, the time limit) is passed on
      // as it is, so the clients word it for their action (networkError) exactly as with the browser's fetch.
      if (e instanceof Error && /response (size|too large)|maximum response size/i.test(e.message)) throw tooLarge(request.url, null);
      throw e;
    }
    if (isRedirectStatus(status)) throw redirectRefused(request.url, status, headers['location']);
    const bytes = utf8ByteLength(text);
    batcher.observe(bytes);
    if (bytes >= refuseBytes) throw tooLarge(request.url, bytes);
    return {
      status,
      headers,
      buffered: true,
      text: async (maxBytes) => {
        if (bytes > maxBytes) throw bodyTooLarge(maxBytes);
        return text;
      },
      chunks: async function* () {
        yield text;
      },
    };
  };
}
