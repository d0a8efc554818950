/**
 * A strict fake of `UrlFetchApp` that does real HTTP synchronously.
 * A worker thread fetches while this thread waits on a SharedArrayBuffer with Atomics.wait; 50 MB response cap, 2 KB
 * URLs, muteHttpExceptions.
 */
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { Execution, SCOPES } from './execution';

/** Response and POST body cap per call (Google's quotas page: "URL Fetch response size 50 MB / call"). */
export const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
export const MAX_URL_CHARS = 2 * 1024;
/** The agent Apps Script sends; the platform tells Sheets from Excel by it. */
export const APPS_SCRIPT_USER_AGENT =
  'Mozilla/5.0 (compatible; Google-Apps-Script; beanserver; +https://script.google.com; id: UAEmdDd-fake)';
/** The fake's own wording for an over-cap response: Google documents the cap but not the message [unverified]. */
export const RESPONSE_TOO_LARGE = 'Exceeded maximum response size of 50 MB for UrlFetchApp.fetch.';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ port, flag, request }) => {
  let reply;
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: request.followRedirects ? 'follow' : 'manual',
    });
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    if (res.body) {
      for await (const chunk of res.body) {
        size += chunk.byteLength;
        if (size > request.maxBytes) { tooLarge = true; break; }
        chunks.push(chunk);
      }
    }
    if (tooLarge) reply = { error: 'tooLarge' };
    else {
      const body = Buffer.concat(chunks);
      const headers = [];
      res.headers.forEach((value, name) => { if (name !== 'set-cookie') headers.push([name, value]); });
      for (const c of res.headers.getSetCookie()) headers.push(['set-cookie', c]);
      reply = { status: res.status, headers, body: body.toString('utf8') };
    }
  } catch (e) {
    reply = { error: 'network', message: String(e && e.cause ? e.cause.code || e.cause.message : e && e.message) };
  }
  port.postMessage(reply);
  port.close();
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

type Reply =
  { status: number; headers: Array<[string, string]>; body: string } | { error: 'tooLarge' } | { error: 'network'; message: string };

export interface FetchParams {
  method?: string;
  headers?: Record<string, string>;
  payload?: string;
  contentType?: string;
  muteHttpExceptions?: boolean;
  followRedirects?: boolean;
  validateHttpsCertificates?: boolean;
  escaping?: boolean;
}

export class FakeHttpResponse {
  constructor(
    private readonly status: number,
    private readonly headerPairs: ReadonlyArray<[string, string]>,
    private readonly text: string,
  ) {}
  getResponseCode(): number {
    return this.status;
  }
  getContentText(): string {
    return this.text;
  }
  /** Header names as sent; a repeated header keeps its last value (getAllHeaders has them all). */
  getHeaders(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of this.headerPairs) out[k] = v;
    return out;
  }
  getAllHeaders(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of this.headerPairs) {
      const prev = out[k];
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    return out;
  }
}

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);
const KNOWN_PARAMS = new Set([
  'method',
  'headers',
  'payload',
  'contentType',
  'muteHttpExceptions',
  'followRedirects',
  'validateHttpsCertificates',
  'escaping',
]);

export interface FakeUrlFetch {
  app: {
    fetch(url: string, params?: FetchParams): FakeHttpResponse;
    fetchAll(requests: Array<string | (FetchParams & { url: string })>): FakeHttpResponse[];
  };
  /** Every request made, for assertions (method, url, headers as sent). */
  requests: Array<{ method: string; url: string; headers: Record<string, string>; body: string | undefined }>;
  /** Calls of fetch and fetchAll: each is one wait of the execution however many requests it carries. */
  roundTrips: number;
  close(): Promise<void>;
}

interface Prepared {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  followRedirects: boolean;
  mute: boolean;
}

/** Checks one request's URL and parameters as UrlFetchApp does before sending anything. */
function prepare(url: string, params: FetchParams): Prepared {
  for (const k of Object.keys(params)) if (!KNOWN_PARAMS.has(k)) throw new Error(`Attribute provided with no value: ${k}`);
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error(`Invalid argument: ${String(url)}`);
  if (url.length > MAX_URL_CHARS) throw new Error('Limit Exceeded: URLFetch URL Length.');
  const method = (params.method ?? 'get').toLowerCase();
  if (!METHODS.has(method)) throw new Error(`Attribute provided with invalid value: method`);
  const headers: Record<string, string> = { 'User-Agent': APPS_SCRIPT_USER_AGENT };
  for (const [k, v] of Object.entries(params.headers ?? {})) headers[k] = String(v);
  if (params.payload !== undefined && method !== 'get')
    headers['Content-Type'] = params.contentType ?? headers['Content-Type'] ?? 'application/x-www-form-urlencoded';
  const body = params.payload === undefined || method === 'get' ? undefined : String(params.payload);
  if (body !== undefined && Buffer.byteLength(body, 'utf8') > MAX_RESPONSE_BYTES) throw new Error('Limit Exceeded: URLFetch POST Size.');
  return { url, method, headers, body, followRedirects: params.followRedirects ?? true, mute: params.muteHttpExceptions === true };
}

/** The response UrlFetchApp gives for a reply, or the error it throws (over the cap, unreachable, an HTTP error unmuted). */
function responseOf(request: Prepared, reply: Reply): FakeHttpResponse {
  if ('error' in reply) {
    if (reply.error === 'tooLarge') throw new Error(RESPONSE_TOO_LARGE);
    throw new Error(`Address unavailable: ${request.url} (${reply.message})`);
  }
  if (reply.status >= 400 && !request.mute) {
    const host = request.url.replace(/^(https?:\/\/[^/?#]+).*$/, '$1');
    throw new Error(
      `Request failed for ${host} returned code ${reply.status}. Truncated server response: ${reply.body.slice(0, 200)} (use muteHttpExceptions option to examine full response)`,
    );
  }
  return new FakeHttpResponse(reply.status, reply.headers, reply.body);
}

/** How the fake's network behaves; the object is read at every call, so a test may change it between calls. */
export interface FakeUrlFetchOptions {
  timeoutMs?: number;
  costMs?: number;
  /** Requests this answers true for fail to connect ("Address unavailable") without being sent. */
  unreachable?: (request: { url: string; body: string | undefined }) => boolean;
  /** Headers added to a request on the way (as a proxy would), e.g. the local platform's x-fault on its queries. */
  addHeaders?: (request: { url: string }) => Record<string, string>;
}

/**
 * `timeoutMs`: how long one fetch may take in real time before it fails like Apps Script's "Timeout" (the fake clock is
 * charged separately with `costMs`, once per fetch or fetchAll: fetchAll's requests run concurrently).
 */
export function fakeUrlFetchApp(execution: Execution, options: FakeUrlFetchOptions = {}): FakeUrlFetch {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  worker.unref();
  const requests: FakeUrlFetch['requests'] = [];

  /** Sends every request to the worker at once (it fetches them concurrently), then waits for each reply in turn. */
  const sendAll = (batch: readonly Prepared[]): Reply[] => {
    const sent = batch.map((request) => {
      requests.push({ method: request.method, url: request.url, headers: request.headers, body: request.body });
      if (options.unreachable?.(request)) return { refused: true as const, url: request.url };
      const flag = new Int32Array(new SharedArrayBuffer(4));
      const { port1, port2 } = new MessageChannel();
      const message = {
        url: request.url,
        method: request.method.toUpperCase(),
        headers: { ...request.headers, ...options.addHeaders?.(request) },
        body: request.body,
        followRedirects: request.followRedirects,
        maxBytes: MAX_RESPONSE_BYTES,
      };
      worker.postMessage({ port: port2, flag, request: message }, [port2 as MessagePort]);
      return { refused: false as const, flag, port1, url: request.url };
    });
    const deadline = Date.now() + (options.timeoutMs ?? 30000);
    return sent.map((one): Reply => {
      if (one.refused) return { error: 'network', message: 'ECONNREFUSED' };
      const { flag, port1, url } = one;
      const waited = Atomics.wait(flag, 0, 0, Math.max(0, deadline - Date.now()));
      const message = receiveMessageOnPort(port1);
      port1.close();
      if (waited === 'timed-out' || !message) throw new Error(`Timeout: ${url}`);
      return message.message as Reply;
    });
  };

  const send = (batch: readonly Prepared[]): Reply[] => {
    const started = Date.now();
    const replies = sendAll(batch);
    execution.advance(options.costMs ?? Date.now() - started);
    fake.roundTrips += 1;
    return replies;
  };

  const app: FakeUrlFetch['app'] = {
    fetch(url: string, params: FetchParams = {}): FakeHttpResponse {
      execution.call('UrlFetchApp.fetch', 'full', SCOPES.externalRequest);
      const request = prepare(url, params);
      return responseOf(request, send([request])[0]!);
    },
    /** Google's fetchAll: each request a URL or an object with `url` and fetch's parameters; the responses in the same order; any failure throws. */
    fetchAll(list: Array<string | (FetchParams & { url: string })>): FakeHttpResponse[] {
      execution.call('UrlFetchApp.fetchAll', 'full', SCOPES.externalRequest);
      if (!Array.isArray(list))
        throw new Error(`The parameters (${typeof list}) don't match the method signature for UrlFetchApp.fetchAll.`);
      const batch = list.map((item) => {
        if (typeof item === 'string') return prepare(item, {});
        const { url, ...params } = item;
        return prepare(url, params);
      });
      const replies = send(batch);
      return batch.map((request, i) => responseOf(request, replies[i]!));
    },
  };
  const fake: FakeUrlFetch = { app, requests, roundTrips: 0, close: async () => void (await worker.terminate()) };
  return fake;
}
