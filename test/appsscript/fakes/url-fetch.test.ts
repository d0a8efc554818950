// The UrlFetchApp fake does real HTTP synchronously against a server on another thread: headers, bodies, status errors, muteHttpExceptions and the 50 MB cap.
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
