// The UrlFetchApp transport against hostile answers.
// Redirects are not followed (followRedirects: false) and are refused naming where they point; bodies past a client's
// cap are refused once, never fetched again; the buffered body needs no idle watch.
import { MAX_ANSWER_BYTES, MAX_ERROR_BODY_BYTES } from '../../../../src/core/api/body-limit';
import { PlatformClient } from '../../../../src/core/api/platform-client';
import { QueryClient } from '../../../../src/core/api/query-client';
import { urlFetchTransport } from '../../../../appsscript/server/service/url-fetch-transport';
import type { FetchOptions, FetchAllRequest } from '../../../../appsscript/server/apps-script/apps-script-services';
import { addinRejection } from '../../../helpers/caught-error';
import { recordingClock } from '../../../helpers/contract-fake-clock';
import { appsScriptClock } from '../../../../appsscript/server/service/apps-script-clock';
import { urlFetchSuite } from '../../helpers/url-fetch-suite';

const suite = urlFetchSuite();

/** The same server under another origin: a followed redirect would be answered, so only a refusal fails. */
const elsewhere = (): string => suite.server.url.replace('127.0.0.1', 'localhost');

test('a redirect to another origin is refused naming that origin; the fake is asked not to follow it', async () => {
  const transport = urlFetchTransport(suite.env.urlFetch.app);
  const to = `${elsewhere()}/echo`;
  const e = await addinRejection(
    transport({ method: 'POST', url: `${suite.server.url}/redirect/307?to=${encodeURIComponent(to)}`, headers: {}, body: 'SELECT secret' }),
  );
  expect(e.kind).toBe('contract');
  expect(e.code).toBe('redirectRefused');
  expect(e.message).toContain(`a redirect (HTTP 307) to ${elsewhere()}, another address than ${suite.server.url}`);
  expect(suite.env.urlFetch.requests).toHaveLength(1);
});

test('a redirect on the same origin is refused too', async () => {
  const transport = urlFetchTransport(suite.env.urlFetch.app);
  const e = await addinRejection(transport({ method: 'GET', url: `${suite.server.url}/redirect/302?to=%2Fecho`, headers: {} }));
  expect(e.message).toContain(`a redirect (HTTP 302) to another path on ${suite.server.url}`);
});

test('a body past the reader’s cap is refused by the bounded read with the cap it passed', async () => {
  const transport = urlFetchTransport(suite.env.urlFetch.app);
  const res = await transport({ method: 'GET', url: `${suite.server.url}/bytes/${MAX_ERROR_BODY_BYTES + 1}`, headers: {} });
  const e = await addinRejection(res.text(MAX_ERROR_BODY_BYTES));
  expect(e.code).toBe('bodyTooLarge');
  expect(e.data).toMatchObject({ limitBytes: MAX_ERROR_BODY_BYTES });
  const fits = await transport({ method: 'GET', url: `${suite.server.url}/bytes/${MAX_ERROR_BODY_BYTES}`, headers: {} });
  expect((await fits.text(MAX_ERROR_BODY_BYTES)).length).toBe(MAX_ERROR_BODY_BYTES);
});

test('an answer declared past the refusal is refused from its headers, before its body is made a string', async () => {
  const app = suite.env.urlFetch.app;
  let decoded = 0;
  // The fake's responses, each counting the calls that turn its body into a string.
  const counting = {
    fetch: (url: string, params: FetchOptions) => {
      const res = app.fetch(url, params);
      return { ...pick(res), getContentText: () => (decoded++, res.getContentText()) };
    },
    fetchAll: (requests: FetchAllRequest[]) =>
      app.fetchAll(requests).map((res) => ({ ...pick(res), getContentText: () => (decoded++, res.getContentText()) })),
  };
  const transport = urlFetchTransport(counting, { refuseBytes: 1024 * 1024 });
  const e = await addinRejection(transport({ method: 'GET', url: `${suite.server.url}/bytes/${2 * 1024 * 1024}?declared`, headers: {} }));
  expect(e.kind).toBe('limit');
  expect(e.message).toMatch(/too large for Google Sheets to fetch \(2\.0 MB;/);
  expect(decoded).toBe(0);
  const fits = await transport({ method: 'GET', url: `${suite.server.url}/bytes/1000?declared`, headers: {} });
  expect(await fits.text(1000)).toHaveLength(1000);
  expect(decoded).toBe(1);
});

/** A fake response's status and headers. */
function pick(res: { getResponseCode(): number; getAllHeaders(): object }) {
  return { getResponseCode: () => res.getResponseCode(), getAllHeaders: () => res.getAllHeaders() };
}

/** A UrlFetch stand-in that answers every call with `status` and `text`, counting the calls and keeping their options. */
function answering(status: number, text: string) {
  const calls: FetchOptions[] = [];
  const fetch = (_url: string, options: FetchOptions) => {
    calls.push(options);
    return { getResponseCode: () => status, getContentText: () => text, getAllHeaders: () => ({}) };
  };
  return {
    calls,
    service: {
      fetch,
      fetchAll: (requests: FetchAllRequest[]) => requests.map(({ url, ...options }) => fetch(url, options)),
    },
  };
}

test('a control-plane answer past 8 MB and a 503 error answer past 64 KB are limit errors, each fetched once', async () => {
  const big = answering(200, `{"data":"${'x'.repeat(MAX_ANSWER_BYTES)}"}`);
  const client = (service: ReturnType<typeof answering>['service']) =>
    new PlatformClient({
      baseUrl: 'https://t.example',
      apiKey: 'k',
      transport: urlFetchTransport(service),
      clock: recordingClock(),
      random: () => 0.5,
      callTimeoutMs: Infinity,
    });
  const e = await addinRejection(client(big.service).listDeployments());
  expect(e.kind).toBe('limit');
  expect(e.message).toMatch(/more than 8 MB as its answer/);
  expect(big.calls).toHaveLength(1);
  expect(big.calls[0]).toMatchObject({ followRedirects: false, muteHttpExceptions: true });
  const busy = answering(503, 'busy '.repeat(20_000));
  const b = await addinRejection(client(busy.service).listDeployments());
  expect(b.message).toMatch(/more than 64 KB as its error answer \(HTTP 503\)/);
  expect(busy.calls).toHaveLength(1);
});

test('on the Apps Script clock nothing is timed by a sleep: Utilities.sleep would block the execution for the whole span', async () => {
  // UrlFetchApp's own deadline and the execution's 6 minutes bound these calls; its body arrives whole (no idle or slow stream).
  const body = `${JSON.stringify({ schema: [{ name: 'x', column_type: 'Int64' }] })}\n${JSON.stringify({ data: [['1']] })}\n`;
  const slept: number[] = [];
  const clock = appsScriptClock({ sleep: (ms) => void slept.push(ms) });
  const client = new QueryClient({
    deploymentUrl: 'https://t.example',
    credential: 'k',
    transport: urlFetchTransport(answering(200, body).service),
    clock,
    random: () => 0.5,
  });
  const result = await client.run({ query: 'SELECT 1' });
  expect(result.rows).toEqual([['1']]);
  const list = { data: { deployments: [] }, pagination: { offset: 0, limit: 100, total: 0 } };
  const platform = new PlatformClient({
    baseUrl: 'https://t.example',
    apiKey: 'k',
    transport: urlFetchTransport(answering(200, JSON.stringify(list)).service),
    clock,
    random: () => 0.5,
  });
  expect(await platform.listDeployments()).toEqual([]);
  expect(slept).toEqual([]);
});
