/** UrlFetchApp requests gathered while the execution's other work runs, then sent together in one fetchAll. */
import type { FetchAllRequest, FetchOptions, FetchResponse, UrlFetchService } from '../apps-script/apps-script-services';

/** The responses one batch may hold at once: the execution keeps each body as text until it is typed and written. */
export const BATCH_BYTES = 50 * 1024 * 1024;
/** Requests in one batch at most; also Refresh all's concurrency on the server, so a batch holds one request per placement. */
export const MAX_BATCH_REQUESTS = 10;
/**
 * Microtask turns with no new request before a batch is sent. Every Apps Script service is synchronous, so the other
 * workers of a job reach their next request within a few turns; sending early only makes a batch smaller.
 */
export const IDLE_TURNS = 64;

type Outcome = { ok: true; response: FetchResponse } | { ok: false; error: unknown };

interface Pending {
  request: FetchAllRequest;
  settle: (outcome: Outcome) => void;
}

export interface FetchBatcher {
  /** The request's response once its batch is sent; a failure to connect rejects this request only. */
  fetch(url: string, params: FetchOptions): Promise<FetchResponse>;
  /** The size of a response just read, which bounds the next batches to about BATCH_BYTES of answers. */
  observe(bytes: number): void;
}

export interface FetchBatcherOptions {
  maxRequests?: number;
  batchBytes?: number;
}

export function fetchBatcher(urlFetch: UrlFetchService, options: FetchBatcherOptions = {}): FetchBatcher {
  const maxRequests = Math.max(1, options.maxRequests ?? MAX_BATCH_REQUESTS);
  const batchBytes = options.batchBytes ?? BATCH_BYTES;
  const queue: Pending[] = [];
  let largest = 0;
  let scheduled = false;

  /** Requests the next batch may take: bounded by the largest answer seen so far (the count alone until one is seen). */
  const limit = (): number => (largest === 0 ? maxRequests : Math.max(1, Math.min(maxRequests, Math.floor(batchBytes / largest))));

  /** Sends one batch; when fetchAll fails (one request could not connect), each is sent alone so only that one fails. */
  const send = (batch: Pending[]): void => {
    if (batch.length > 1) {
      let responses: FetchResponse[] | null = null;
      try {
        responses = urlFetch.fetchAll(batch.map((p) => p.request));
      } catch {
        responses = null;
      }
      if (responses !== null && responses.length === batch.length) {
        batch.forEach((p, i) => p.settle({ ok: true, response: responses[i]! }));
        return;
      }
    }
    for (const p of batch) {
      const { url, ...params } = p.request;
      try {
        p.settle({ ok: true, response: urlFetch.fetch(url, params) });
      } catch (error) {
        p.settle({ ok: false, error });
      }
    }
  };

  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    let seen = queue.length;
    let idle = 0;
    const turn = (): void => {
      if (queue.length !== seen) {
        seen = queue.length;
        idle = 0;
      } else idle += 1;
      if (idle < IDLE_TURNS && queue.length < limit()) {
        void Promise.resolve().then(turn);
        return;
      }
      scheduled = false;
      send(queue.splice(0, limit()));
      if (queue.length > 0) schedule();
    };
    void Promise.resolve().then(turn);
  };

  return {
    fetch: (url, params) =>
      new Promise<FetchResponse>((resolve, reject) => {
        queue.push({
          request: { url, ...params },
          settle: (outcome) => (outcome.ok ? resolve(outcome.response) : reject(outcome.error)),
        });
        schedule();
      }),
    observe: (bytes) => {
      largest = Math.max(largest, bytes);
    },
  };
}
