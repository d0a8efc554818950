// The UrlFetchApp fake does real HTTP synchronously against a server on another thread.
// Covers headers, bodies, status errors, muteHttpExceptions, the 50 MB cap, and fetchAll's requests running
// concurrently.
import { urlFetchSuite } from '../helpers/url-fetch-suite';
import { MAX_RESPONSE_BYTES, RESPONSE_TOO_LARGE } from './url-fetch';
import { thrownMessage } from '../../helpers/caught-error';

const suite = urlFetchSuite({ fetchCostMs: 250 });

test('fetch is synchronous and sends the method, headers, payload and the Apps Script user agent', () => {
  const res = suite.env.urlFetch.app.fetch(`${suite.server.url}/echo?q=1`, {
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
  expect(suite.env.execution.elapsed()).toBe(250);
});

test('an HTTP error throws unless muteHttpExceptions, which returns the whole response', () => {
  expect(thrownMessage(() => suite.env.urlFetch.app.fetch(`${suite.server.url}/status/404`))).toMatch(
    new RegExp(
      `^Request failed for ${suite.server.url} returned code 404\\. Truncated server response: .{200} \\(use muteHttpExceptions option to examine full response\\)$`,
    ),
  );
  const res = suite.env.urlFetch.app.fetch(`${suite.server.url}/status/503`, { muteHttpExceptions: true });
  expect(res.getResponseCode()).toBe(503);
  expect(JSON.parse(res.getContentText())).toMatchObject({ error: 'status 503' });
});

test('repeated headers: getHeaders keeps one value, getAllHeaders all of them', () => {
  const res = suite.env.urlFetch.app.fetch(`${suite.server.url}/headers`);
  expect(res.getAllHeaders()['set-cookie']).toEqual(['a=1', 'b=2']);
  expect(res.getHeaders()['x-request-id']).toBe('r-1');
});

test('a response over 50 MB throws; exactly 50 MB is returned', () => {
  expect(suite.env.urlFetch.app.fetch(`${suite.server.url}/bytes/${MAX_RESPONSE_BYTES}`).getContentText()).toHaveLength(MAX_RESPONSE_BYTES);
  expect(thrownMessage(() => suite.env.urlFetch.app.fetch(`${suite.server.url}/bytes/${MAX_RESPONSE_BYTES + 1}`))).toBe(RESPONSE_TOO_LARGE);
});

test('network failures, long URLs, unknown options and AuthMode.LIMITED are refused', () => {
  expect(thrownMessage(() => suite.env.urlFetch.app.fetch('http://127.0.0.1:1/x'))).toMatch(
    /^Address unavailable: http:\/\/127.0.0.1:1\/x/,
  );
  expect(thrownMessage(() => suite.env.urlFetch.app.fetch(`${suite.server.url}/${'a'.repeat(2048)}`))).toBe(
    'Limit Exceeded: URLFetch URL Length.',
  );
  expect(thrownMessage(() => suite.env.urlFetch.app.fetch(suite.server.url, { timeout: 1 } as never))).toMatch(/timeout/);
  suite.env.begin('LIMITED');
  expect(thrownMessage(() => suite.env.urlFetch.app.fetch(suite.server.url))).toBe(
    'You do not have permission to call UrlFetchApp.fetch. Required permissions: https://www.googleapis.com/auth/script.external_request',
  );
});

test('fetchAll sends its requests concurrently in one round trip and answers in order; a failing one throws', () => {
  const responses = suite.env.urlFetch.app.fetchAll([
    `${suite.server.url}/gate/a/3`,
    { url: `${suite.server.url}/gate/a/3`, method: 'post', payload: 'x' },
    { url: `${suite.server.url}/gate/a/3`, muteHttpExceptions: true },
  ]);
  // All three were open on the server at the same time: the gate let them through together.
  expect(responses.map((r) => JSON.parse(r.getContentText()) as unknown)).toEqual([{ together: 3 }, { together: 3 }, { together: 3 }]);
  expect(suite.env.urlFetch.roundTrips).toBe(1);
  expect(suite.env.urlFetch.requests.map((r) => r.method)).toEqual(['get', 'post', 'get']);
  expect(suite.env.execution.elapsed()).toBe(250);
  const before = suite.env.urlFetch.requests.length;
  expect(thrownMessage(() => suite.env.urlFetch.app.fetchAll([`${suite.server.url}/echo`, 'http://127.0.0.1:1/x']))).toMatch(
    /^Address unavailable: /,
  );
  expect(
    thrownMessage(() => suite.env.urlFetch.app.fetchAll([`${suite.server.url}/echo`, { url: suite.server.url, timeout: 1 } as never])),
  ).toMatch(/timeout/);
  // A request refused before sending (an unknown option) sends none of the batch.
  expect(suite.env.urlFetch.requests.length).toBe(before + 2);
});
