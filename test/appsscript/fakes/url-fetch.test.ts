// The UrlFetchApp fake does real HTTP synchronously against a server on another thread.
// Covers headers, bodies, status errors, muteHttpExceptions, the 50 MB cap, and fetchAll's requests running
// concurrently.
import { startOffThreadServer, type OffThreadServer } from '../helpers/off-thread-server';
import { createFakeEnvironment, type FakeEnvironment } from './environment';
import { MAX_RESPONSE_BYTES, RESPONSE_TOO_LARGE } from './url-fetch';
import { thrownMessage } from '../../helpers/caught-error';

let server: OffThreadServer;
let env: FakeEnvironment;
beforeAll(async () => {
  server = await startOffThreadServer();
});
afterAll(() => server.close());
beforeEach(() => {
  env = createFakeEnvironment({ fetchCostMs: 250 });
  env.begin('FULL');
});
afterEach(() => env.close());

test('fetch is synchronous and sends the method, headers, payload and the Apps Script user agent', () => {
  const res = env.urlFetch.app.fetch(`${server.url}/echo?q=1`, {
    method: 'post',
    headers: { Authorization: 'Bearer k' },
    payload: '{"a":"é"}',
    contentType: 'application/json',
  });
  expect(res.getResponseCode()).toBe(200);
  const echoed = JSON.parse(res.getContentText()) as { method: string; path: string; headers: Record<string, string>; body: string };
  expect(echoed.method).toBe('POST');
  expect(echoed.path).toBe('/echo?q=1');
  expect(echoed.body).toBe('{"a":"é"}');
  expect(echoed.headers.authorization).toBe('Bearer k');
  expect(echoed.headers['content-type']).toBe('application/json');
  expect(echoed.headers['user-agent']).toMatch(/Google-Apps-Script/);
  expect(res.getHeaders()['content-type']).toBe('application/json; charset=utf-8');
  expect(env.execution.elapsed()).toBe(250);
});

test('an HTTP error throws unless muteHttpExceptions, which returns the whole response', () => {
  expect(thrownMessage(() => env.urlFetch.app.fetch(`${server.url}/status/404`))).toMatch(
    new RegExp(
      `^Request failed for ${server.url} returned code 404\\. Truncated server response: .{200} \\(use muteHttpExceptions option to examine full response\\)$`,
    ),
  );
  const res = env.urlFetch.app.fetch(`${server.url}/status/503`, { muteHttpExceptions: true });
  expect(res.getResponseCode()).toBe(503);
  expect(JSON.parse(res.getContentText())).toMatchObject({ error: 'status 503' });
});

test('repeated headers: getHeaders keeps one value, getAllHeaders all of them', () => {
  const res = env.urlFetch.app.fetch(`${server.url}/headers`);
  expect(res.getAllHeaders()['set-cookie']).toEqual(['a=1', 'b=2']);
  expect(res.getHeaders()['x-request-id']).toBe('r-1');
});

test('a response over 50 MB throws; exactly 50 MB is returned', () => {
  expect(env.urlFetch.app.fetch(`${server.url}/bytes/${MAX_RESPONSE_BYTES}`).getContentText()).toHaveLength(MAX_RESPONSE_BYTES);
  expect(thrownMessage(() => env.urlFetch.app.fetch(`${server.url}/bytes/${MAX_RESPONSE_BYTES + 1}`))).toBe(RESPONSE_TOO_LARGE);
});

test('network failures, long URLs, unknown options and AuthMode.LIMITED are refused', () => {
  expect(thrownMessage(() => env.urlFetch.app.fetch('http://127.0.0.1:1/x'))).toMatch(/^Address unavailable: http:\/\/127.0.0.1:1\/x/);
  expect(thrownMessage(() => env.urlFetch.app.fetch(`${server.url}/${'a'.repeat(2048)}`))).toBe('Limit Exceeded: URLFetch URL Length.');
  expect(thrownMessage(() => env.urlFetch.app.fetch(server.url, { timeout: 1 } as never))).toMatch(/timeout/);
  env.begin('LIMITED');
  expect(thrownMessage(() => env.urlFetch.app.fetch(server.url))).toBe(
    'You do not have permission to call UrlFetchApp.fetch. Required permissions: https://www.googleapis.com/auth/script.external_request',
  );
});

test('fetchAll sends its requests concurrently in one round trip and answers in order; a failing one throws', () => {
  const responses = env.urlFetch.app.fetchAll([
    `${server.url}/gate/a/3`,
    { url: `${server.url}/gate/a/3`, method: 'post', payload: 'x' },
    { url: `${server.url}/gate/a/3`, muteHttpExceptions: true },
  ]);
  // All three were open on the server at the same time: the gate let them through together.
  expect(responses.map((r) => JSON.parse(r.getContentText()) as unknown)).toEqual([{ together: 3 }, { together: 3 }, { together: 3 }]);
  expect(env.urlFetch.roundTrips).toBe(1);
  expect(env.urlFetch.requests.map((r) => r.method)).toEqual(['get', 'post', 'get']);
  expect(env.execution.elapsed()).toBe(250);
  const before = env.urlFetch.requests.length;
  expect(thrownMessage(() => env.urlFetch.app.fetchAll([`${server.url}/echo`, 'http://127.0.0.1:1/x']))).toMatch(/^Address unavailable: /);
  expect(thrownMessage(() => env.urlFetch.app.fetchAll([`${server.url}/echo`, { url: server.url, timeout: 1 } as never]))).toMatch(
    /timeout/,
  );
  // A request refused before sending (an unknown option) sends none of the batch.
  expect(env.urlFetch.requests.length).toBe(before + 2);
});
