// The UrlFetchApp transport over the synchronous fake against a real HTTP suite.server.
// Request shape, HTTP errors as responses, the size cap, cancel and connection failures.
import { createCancelSource } from '../../../../src/core/runtime/cancel-signal';
import { AddinError } from '../../../../src/core/errors/addin-error';
import { NEAR_CAP_BYTES, urlFetchTransport } from '../../../../appsscript/server/service/url-fetch-transport';
import { addinRejection } from '../../../helpers/caught-error';
import { MAX_RESPONSE_BYTES } from '../../fakes/url-fetch';
import { urlFetchSuite } from '../../helpers/url-fetch-suite';

const suite = urlFetchSuite();

test('sends the method, headers and body, passing Content-Type as contentType, and hands back status, lower-case headers and the whole text', async () => {
  const transport = urlFetchTransport(suite.env.urlFetch.app);
  const res = await transport({
    method: 'POST',
    url: `${suite.server.url}/echo`,
    headers: { Authorization: 'Bearer secret', 'Content-Type': 'application/json', 'X-Span': 's1' },
    body: '{"sql":"select 1"}',
  });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const echoed = JSON.parse(await res.text(1e6)) as { method: string; headers: Record<string, string>; body: string };
  expect(echoed).toMatchObject({ method: 'POST', body: '{"sql":"select 1"}' });
  expect(echoed.headers).toMatchObject({ authorization: 'Bearer secret', 'content-type': 'application/json', 'x-span': 's1' });
  expect(suite.env.urlFetch.requests[0]!.headers).not.toHaveProperty('content-type');
  const again = await transport({ method: 'GET', url: `${suite.server.url}/echo`, headers: {} });
  const chunks: string[] = [];
  for await (const c of again.chunks()) chunks.push(c);
  expect(chunks).toHaveLength(1);
  expect(JSON.parse(chunks[0]!)).toMatchObject({ method: 'GET' });
});

test('an HTTP error is a response with its whole body (muteHttpExceptions), not a throw', async () => {
  const res = await urlFetchTransport(suite.env.urlFetch.app)({ method: 'DELETE', url: `${suite.server.url}/status/409`, headers: {} });
  expect(res.status).toBe(409);
  expect(JSON.parse(await res.text(1e6))).toMatchObject({ error: 'status 409', detail: 'x'.repeat(300) });
});

test('a body near the 50 MB cap is refused with a limit error before anything uses it; one past the cap too', async () => {
  const transport = urlFetchTransport(suite.env.urlFetch.app);
  const near = await addinRejection(transport({ method: 'GET', url: `${suite.server.url}/bytes/${NEAR_CAP_BYTES}`, headers: {} }));
  expect(near.kind).toBe('limit');
  expect(near.message).toMatch(
    /too large for Google Sheets to fetch \(49\.0 MB; Apps Script takes at most 50 MB per request\)\. Nothing was changed\./,
  );
  const over = await addinRejection(transport({ method: 'GET', url: `${suite.server.url}/bytes/${MAX_RESPONSE_BYTES + 1}`, headers: {} }));
  expect(over.kind).toBe('limit');
  expect(over.message).toMatch(/\(more than 50 MB;/);
  const under = await transport({ method: 'GET', url: `${suite.server.url}/bytes/${NEAR_CAP_BYTES - 1}`, headers: {} });
  expect((await under.text(NEAR_CAP_BYTES)).length).toBe(NEAR_CAP_BYTES - 1);
});

test('the cap counts UTF-8 bytes, not characters', async () => {
  const response = { getResponseCode: () => 200, getContentText: () => 'é'.repeat(600), getAllHeaders: () => ({}) };
  const transport = urlFetchTransport({ fetch: () => response, fetchAll: (list) => list.map(() => response) }, { refuseBytes: 1200 });
  expect((await addinRejection(transport({ method: 'GET', url: 'https://t.example/x', headers: {} }))).kind).toBe('limit');
});

test('a cancelled request is not sent', async () => {
  const controller = createCancelSource();
  controller.cancel();
  const e = await addinRejection(
    urlFetchTransport(suite.env.urlFetch.app)({ method: 'GET', url: `${suite.server.url}/echo`, headers: {}, signal: controller.signal }),
  );
  expect(e.kind).toBe('cancelled');
  expect(suite.env.urlFetch.requests).toHaveLength(0);
});

test('a connection failure is thrown as it is (the clients word it), and an over-long URL is refused before fetching', async () => {
  const transport = urlFetchTransport(suite.env.urlFetch.app);
  const failure = await transport({ method: 'GET', url: 'http://127.0.0.1:1/x', headers: {} }).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(Error);
  expect(failure).not.toBeInstanceOf(AddinError);
  expect((failure as Error).message).toMatch(/^Address unavailable/);
  const long = await addinRejection(transport({ method: 'GET', url: `${suite.server.url}/${'a'.repeat(2100)}`, headers: {} }));
  expect(long.kind).toBe('limit');
  expect(suite.env.urlFetch.requests).toHaveLength(1);
});
