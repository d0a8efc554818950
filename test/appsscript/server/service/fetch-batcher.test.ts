// Requests made together are sent in one fetchAll; a batch that cannot connect is sent again one by one.
// Large answers shrink the next batches.
import type { FetchAllRequest, FetchOptions, FetchResponse } from '../../../../appsscript/server/apps-script/apps-script-services';
import { BATCH_BYTES, fetchBatcher } from '../../../../appsscript/server/service/fetch-batcher';

const OPTIONS: FetchOptions = { method: 'get', headers: {}, muteHttpExceptions: true, followRedirects: false };
const answer = (url: string): FetchResponse => ({ getResponseCode: () => 200, getContentText: () => url, getAllHeaders: () => ({}) });

function recording(unreachable: (url: string) => boolean = () => false) {
  const calls: Array<{ kind: 'fetch' | 'fetchAll'; urls: string[] }> = [];
  const fetchOne = (url: string): FetchResponse => {
    if (unreachable(url)) throw new Error(`Address unavailable: ${url}`);
    return answer(url);
  };
  return {
    calls,
    service: {
      fetch: (url: string) => {
        calls.push({ kind: 'fetch' as const, urls: [url] });
        return fetchOne(url);
      },
      fetchAll: (list: FetchAllRequest[]) => {
        calls.push({ kind: 'fetchAll' as const, urls: list.map((r) => r.url) });
        return list.map((r) => fetchOne(r.url));
      },
    },
  };
}

const texts = (results: PromiseSettledResult<FetchResponse>[]) =>
  results.map((r) => (r.status === 'fulfilled' ? r.value.getContentText() : String((r.reason as Error).message)));

test('requests made in the same turn of work go out in one fetchAll, answered in order', async () => {
  const { calls, service } = recording();
  const batcher = fetchBatcher(service);
  const results = await Promise.allSettled(['https://a/1', 'https://a/2', 'https://a/3'].map((u) => batcher.fetch(u, OPTIONS)));
  expect(texts(results)).toEqual(['https://a/1', 'https://a/2', 'https://a/3']);
  expect(calls).toEqual([{ kind: 'fetchAll', urls: ['https://a/1', 'https://a/2', 'https://a/3'] }]);
  // A request alone is a plain fetch.
  await batcher.fetch('https://a/4', OPTIONS);
  expect(calls.at(-1)).toEqual({ kind: 'fetch', urls: ['https://a/4'] });
});

test('a batch with a request that cannot connect is sent again one by one: only that request fails', async () => {
  const { calls, service } = recording((url) => url.endsWith('/2'));
  const batcher = fetchBatcher(service);
  const results = await Promise.allSettled(['https://a/1', 'https://a/2', 'https://a/3'].map((u) => batcher.fetch(u, OPTIONS)));
  expect(texts(results)).toEqual(['https://a/1', 'Address unavailable: https://a/2', 'https://a/3']);
  expect(calls.map((c) => c.kind)).toEqual(['fetchAll', 'fetch', 'fetch', 'fetch']);
});

test('batches hold at most the requests allowed, and after a large answer only as many as fit the batch bytes', async () => {
  const { calls, service } = recording();
  const batcher = fetchBatcher(service, { maxRequests: 2 });
  await Promise.all(['https://a/1', 'https://a/2', 'https://a/3'].map((u) => batcher.fetch(u, OPTIONS)));
  expect(calls.map((c) => c.urls.length)).toEqual([2, 1]);
  batcher.observe(Math.ceil(BATCH_BYTES / 2) + 1);
  calls.length = 0;
  await Promise.all(['https://b/1', 'https://b/2'].map((u) => batcher.fetch(u, OPTIONS)));
  expect(calls).toEqual([
    { kind: 'fetch', urls: ['https://b/1'] },
    { kind: 'fetch', urls: ['https://b/2'] },
  ]);
});
