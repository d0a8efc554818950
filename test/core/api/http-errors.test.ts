/** Tests of errorFromResponse and networkError: status and body to kind, transience, and messages that say what to do. */
import { errorFromResponse, networkError, parseErrorBody, MAX_SERVER_TEXT, type HttpErrorContext } from '../../../src/core/api/http-errors';

import { MAX_ERROR_TEXT } from '../../../src/core/errors/addin-error';
import { MAX_ID_TEXT } from '../../../src/core/errors/wire-text';

const control: HttpErrorContext = { api: 'control', action: 'save report abcDEF123456', access: 'edit' };
const query: HttpErrorContext = { api: 'query', action: 'run the query' };
const meta: HttpErrorContext = { api: 'meta', action: 'load the fields' };
const json = (v: unknown) => JSON.stringify(v);

describe('errorFromResponse', () => {
  it('control plane 401 is unauthenticated: sign in again', () => {
    const e = errorFromResponse(401, json({ error: 'Invalid API key.' }), control);
    expect(e.kind).toBe('unauthenticated');
    expect(e.message).toMatch(/^Sign in again: the API key was refused/);
    expect(e.status).toBe(401);
    expect(e.detail).toContain('Invalid API key.');
    expect(e.transient).toBe(false);
  });

  it('control plane 403 is forbidden, with advice for the access needed', () => {
    const body = json({ error: 'You may read report x but not edit it.' });
    const edit = errorFromResponse(403, body, control);
    expect(edit.kind).toBe('forbidden');
    expect(edit.message).toMatch(/ask the report owner or an admin for edit access/);
    expect(edit.data['serverMessage']).toBe('You may read report x but not edit it.');
    expect(errorFromResponse(403, body, { ...control, access: 'create' }).message).toMatch(/right to create reports/);
    expect(errorFromResponse(403, body, { ...control, access: 'read' }).message).toMatch(/share the report with you/);
    expect(errorFromResponse(403, '', { api: 'control', action: 'x' }).message).toMatch(/ask the report owner or an admin for access/);
  });

  it.each([
    { error: 'Invalid token' },
    { error: 'API key has expired' },
    { error: "Authorization header isn't set" },
    { error: 'Forbidden', code: 'invalid_token' },
    { error: 'jwt expired' },
  ])('control plane 403 whose body says the credential is bad (%j) is unauthenticated', (body) => {
    expect(errorFromResponse(403, json(body), control).kind).toBe('unauthenticated');
  });

  it.each(['You may not create reports (read-only access).', 'Embedding is disabled for this tenant', 'Admin role required'])(
    'control plane 403 about rights (%s) stays forbidden',
    (text) => {
      expect(errorFromResponse(403, json({ error: text }), control).kind).toBe('forbidden');
    },
  );

  it('query API: 401 and 403 are both unauthenticated (wire-facts)', () => {
    expect(errorFromResponse(401, '', query).kind).toBe('unauthenticated');
    const e = errorFromResponse(403, json({ error: 'Invalid token' }), query);
    expect(e.kind).toBe('unauthenticated');
    expect(e.message).toMatch(/^Sign in again/);
  });

  it('metadata route: 403 is a refused token (get a new one)', () => {
    const e = errorFromResponse(403, json({ error: 'Invalid token' }), meta);
    expect(e.kind).toBe('unauthenticated');
    expect(e.message).toMatch(/metadata token/);
  });

  it('404 is notFound', () => {
    expect(errorFromResponse(404, json({ error: 'Report 9 not found' }), control).kind).toBe('notFound');
    expect(errorFromResponse(404, '', meta).message).toMatch(/Choose the environment again/);
  });

  it('400 is validation and carries the server message in detail and message', () => {
    const e = errorFromResponse(400, json({ error: 'Invalid body: name: too short' }), control);
    expect(e.kind).toBe('validation');
    expect(e.detail).toBe('HTTP 400: Invalid body: name: too short');
    expect(e.message).toContain('Invalid body: name: too short');
  });

  it('409 without code is publicIdTaken (permanent: use another publicId)', () => {
    const e = errorFromResponse(409, json({ error: 'publicId is used in another deployment' }), control);
    expect(e.kind).toBe('publicIdTaken');
    expect(e.transient).toBe(false);
    expect(e.message).toMatch(/Use another publicId/);
  });

  it('409 upsert_branch_changed is upsertRaceLost (transient)', () => {
    const e = errorFromResponse(409, json({ error: 'changed', code: 'upsert_branch_changed' }), control);
    expect(e.kind).toBe('upsertRaceLost');
    expect(e.code).toBe('upsert_branch_changed');
    expect(e.transient).toBe(true);
  });

  it('409 ambiguous_legacy_id is ambiguousLegacyId (permanent) and explains the fix', () => {
    const e = errorFromResponse(409, json({ error: 'ambiguous', code: 'ambiguous_legacy_id' }), control);
    expect(e.kind).toBe('ambiguousLegacyId');
    expect(e.transient).toBe(false);
    expect(e.message).toMatch(/PUT \/reports\/\{reportId\}/);
    expect(e.message).toMatch(/then use that publicId/);
  });

  it('409 with an unknown code is not mistaken for a known conflict', () => {
    const e = errorFromResponse(409, json({ error: 'x', code: 'something_new' }), control);
    expect(e.kind).toBe('validation');
    expect(e.code).toBe('something_new');
  });

  it.each([500, 502, 503, 504, 429])('%i is server (transient)', (status) => {
    const e = errorFromResponse(status, '', control);
    expect(e.kind).toBe('server');
    expect(e.transient).toBe(true);
    expect(e.message).toMatch(/Try again in a moment/);
  });

  it('tolerates a body that is not JSON: an HTML proxy page becomes a short text excerpt', () => {
    const html = `<html><head><style>body{}</style></head><body><h1>502 Bad Gateway</h1>${'x'.repeat(1000)}</body></html>`;
    const e = errorFromResponse(502, html, control);
    expect(e.kind).toBe('server');
    expect(e.data['serverMessage']).toMatch(/^502 Bad Gateway x+…$/);
    expect(String(e.data['serverMessage']).length).toBeLessThanOrEqual(MAX_SERVER_TEXT + 1);
  });

  it('caps what a megabytes-long error body carries: message, detail, code and request id', () => {
    const huge = 'y'.repeat(5_000_000);
    const e = errorFromResponse(409, json({ error: huge, code: huge, requestId: huge }), control);
    expect(e.kind).toBe('validation');
    expect(e.code).toBe(`${'y'.repeat(MAX_ID_TEXT)}…`);
    expect(e.data['requestId']).toBe(`${'y'.repeat(MAX_ID_TEXT)}…`);
    expect(e.data['serverMessage']).toBe(`${'y'.repeat(MAX_SERVER_TEXT)}…`);
    expect(e.message.length).toBeLessThanOrEqual(MAX_ERROR_TEXT + 1);
    expect(e.message).toContain(`conflict (${'y'.repeat(MAX_ID_TEXT)}…): ${'y'.repeat(MAX_SERVER_TEXT)}…`);
    expect(String(e.detail).length).toBeLessThan(MAX_SERVER_TEXT + 20);
  });

  it('reads the documented body, a JSON message, plain text and empty bodies', () => {
    expect(parseErrorBody(json({ error: 'e', code: 'c', requestId: 'r' }))).toEqual({ message: 'e', code: 'c', requestId: 'r' });
    expect(parseErrorBody(json({ message: 'm' })).message).toBe('m');
    expect(parseErrorBody('upstream\n  timeout').message).toBe('upstream timeout');
    expect(parseErrorBody('   ').message).toBeUndefined();
    expect(parseErrorBody('[1,2]').message).toBe('[1,2]');
  });
});

describe('networkError', () => {
  it('is a transient network error that keeps the cause', () => {
    const cause = new TypeError('fetch failed');
    const e = networkError(cause);
    expect(e.kind).toBe('network');
    expect(e.transient).toBe(true);
    expect(e.cause).toBe(cause);
    expect(e.detail).toBe('fetch failed');
    expect(e.message).toMatch(/Check your connection/);
  });
});
