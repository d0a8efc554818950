/** Tests of PlatformClient against an in-process HTTP stub: headers, pagination, error kinds, retries, contract errors, abort.
 * One file past 300 lines: every case shares one stub server and its recorded requests.
 */
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';
import { ContractError } from '../../../src/core/errors/addin-error';
import { fetchTransport, type FetchLike } from '../../../src/browser/fetch-transport';
import { PlatformClient } from '../../../src/core/api/platform-client';
import { startStubServer, scripted, type StubReply, type StubServer } from '../../helpers/contract-stub-server';
import { recordingClock, seededRandom, type RecordingClock } from '../../helpers/contract-fake-clock';

const transport = fetchTransport(globalThis.fetch as FetchLike);
const PUBLIC_ID = 'abcDEF123456';

const deployment = (i: number) => ({
  id: String(i),
  name: `Deployment ${i}`,
  created_at: '2024-01-01T00:00:00Z',
  deploymentUrl: `https://d${i}.example.com`,
});
const environment = (i: number, type = 'production') => ({
  id: `e${i}`,
  name: `Env ${i}`,
  type,
  api_credentials: { rest: { url: `https://d1.example.com/env${i}/svcjs-api/v1` } },
});
const report = (over: Record<string, unknown> = {}) => ({ id: 42, publicId: PUBLIC_ID, deploymentId: 7, name: 'Sales', ...over });

/** A list endpoint honouring offset/limit over `items`. */
function pagedList(key: string, items: unknown[]) {
  return (offset: number, limit: number): StubReply => ({
    status: 200,
    json: { data: { [key]: items.slice(offset, offset + limit) }, pagination: { offset, limit, total: items.length } },
  });
}
const num = (q: URLSearchParams, k: string) => Number(q.get(k));
/** The recording clock's sleeps end at once with its time moved on: a call deadline on it would pass before any answer. */
const untimed = { callTimeoutMs: Infinity };

let stub: StubServer;
let clock: RecordingClock;
let client: PlatformClient;

beforeEach(async () => {
  stub = await startStubServer();
  clock = recordingClock();
  client = new PlatformClient({
    baseUrl: `${stub.url}/`,
    apiKey: 'sk_test_key',
    transport,
    clock,
    random: seededRandom(7),
    pageSize: 2,
    ...untimed,
  });
});
afterEach(async () => {
  await stub.close();
});

describe('requests', () => {
  it('send the API key as Bearer, JSON content type and a request id, under the tenant URL (trailing slash tolerated)', async () => {
    stub.handle(scripted({ status: 200, json: { data: { deployments: [deployment(1)] }, pagination: { offset: 0, limit: 2, total: 1 } } }));
    await client.listDeployments();
    const req = stub.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/api/v1/deployments');
    expect(req.headers['authorization']).toBe('Bearer sk_test_key');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-request-id']).toMatch(/^[0-9a-f]{16}-span-1$/);
  });

  it('getMeta sends the meta-sync JWT raw to {restUrl}/meta', async () => {
    stub.handle(
      scripted({ status: 200, json: { cubes: [{ name: 'orders', type: 'view', measures: [{ name: 'orders.count', type: 'number' }] }] } }),
    );
    const meta = await client.getMeta(`${stub.url}/env1/svcjs-api/v1/`, 'eyJ.eyJ.sig');
    expect(stub.requests[0]!.path).toBe('/env1/svcjs-api/v1/meta');
    expect(stub.requests[0]!.headers['authorization']).toBe('eyJ.eyJ.sig');
    expect(meta.cubes[0]!.dimensions).toEqual([]);
  });

  it('createMetaSyncToken posts the body and returns the token', async () => {
    stub.handle(scripted({ status: 200, json: { data: { token: 'jwt', created_at: 'a', expires_at: 'b' } } }));
    const t = await client.createMetaSyncToken('7', 'e1', { security_context: { tenant: 'x' }, expires_in: 600 });
    expect(t.token).toBe('jwt');
    expect(stub.requests[0]!.method).toBe('POST');
    expect(stub.requests[0]!.path).toBe('/api/v1/deployments/7/environments/e1/tokens-for-meta-sync');
    expect(JSON.parse(stub.requests[0]!.body)).toEqual({ security_context: { tenant: 'x' }, expires_in: 600 });
  });

  it('upsertReport PUTs by publicId; assignPublicId PUTs /reports/{id} with the publicId; createReport accepts 201', async () => {
    stub.handle((req) => ({ status: req.method === 'POST' ? 201 : 200, json: report() }));
    const r = await client.upsertReport('7', PUBLIC_ID, { name: 'Sales', sqlQuery: 'SELECT 1', source: 'SPREADSHEET_1' });
    expect(r.id).toBe(42);
    await client.assignPublicId('7', 42, PUBLIC_ID, { name: 'Sales' });
    await client.createReport('7', { name: 'Sales' });
    expect(stub.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      `PUT /api/v1/deployments/7/reports/by-public-id/${PUBLIC_ID}`,
      'PUT /api/v1/deployments/7/reports/42',
      'POST /api/v1/deployments/7/reports',
    ]);
    expect(JSON.parse(stub.requests[0]!.body)).toEqual({ name: 'Sales', sqlQuery: 'SELECT 1', source: 'SPREADSHEET_1' });
    expect(JSON.parse(stub.requests[1]!.body)).toEqual({ name: 'Sales', publicId: PUBLIC_ID });
  });

  it('connectWorkbook PUTs the placement body', async () => {
    stub.handle(scripted({ status: 200, json: report({ externalWorkbookPlacements: [] }) }));
    await client.connectWorkbook('7', 42, { externalWorkbookId: 'wb1', placementId: 'p1', anchorCell: 'B2', sheetName: 'Data' });
    expect(stub.requests[0]!.path).toBe('/api/v1/deployments/7/reports/42/connect-workbook');
    expect(JSON.parse(stub.requests[0]!.body)).toEqual({
      externalWorkbookId: 'wb1',
      placementId: 'p1',
      anchorCell: 'B2',
      sheetName: 'Data',
    });
  });

  it('refuses an invalid publicId or body before sending anything, saying what is wrong', async () => {
    await expect(client.upsertReport('7', 'short', { name: 'x' })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/5 characters: it must have exactly 12/),
    });
    await expect(client.upsertReport('7', 'abcDEF12345!', { name: 'x' })).rejects.toMatchObject({
      message: expect.stringMatching(/contains "!"/),
    });
    await expect(client.upsertReport('7', PUBLIC_ID, { publicId: 'zzzzzzzzzzzz' })).rejects.toMatchObject({ kind: 'validation' });
    await expect(client.assignPublicId('7', 42, 'bad')).rejects.toMatchObject({ kind: 'validation' });
    await expect(client.connectWorkbook('7', 42, { externalWorkbookId: 'wb1', placementId: '' })).rejects.toMatchObject({
      kind: 'validation',
      data: { field: 'placementId' },
    });
    expect(stub.requests).toHaveLength(0);
  });
});

describe('pagination', () => {
  it('follows offset/limit across 3 pages to the total', async () => {
    const list = pagedList('deployments', [1, 2, 3, 4, 5].map(deployment));
    stub.handle((req) => list(num(req.query, 'offset'), num(req.query, 'limit')));
    const all = await client.listDeployments();
    expect(all.map((d) => d.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(stub.requests.map((q) => q.query.toString())).toEqual(['offset=0&limit=2', 'offset=2&limit=2', 'offset=4&limit=2']);
    // one span for the whole call, the request number bumps per page
    const ids = stub.requests.map((q) => String(q.headers['x-request-id']));
    expect(new Set(ids.map((id) => id.split('-span-')[0])).size).toBe(1);
    expect(ids.map((id) => id.split('-span-')[1])).toEqual(['1', '2', '3']);
  });

  it('advances by what the server returned when it caps the page size below the asked limit', async () => {
    const items = [1, 2, 3, 4, 5, 6, 7].map(deployment);
    stub.handle((req) => pagedList('deployments', items)(num(req.query, 'offset'), 3));
    client = new PlatformClient({ baseUrl: stub.url, apiKey: 'k', transport, clock, random: seededRandom(1), pageSize: 50, ...untimed });
    expect(await client.listDeployments()).toHaveLength(7);
    expect(stub.requests.map((q) => q.query.get('offset'))).toEqual(['0', '3', '6']);
  });

  it('passes the environment type filter in the query string of every page', async () => {
    const envs = [1, 2, 3, 4, 5, 6].map((i) => environment(i, 'staging'));
    stub.handle((req) => pagedList('environments', envs)(num(req.query, 'offset'), num(req.query, 'limit')));
    const all = await client.listEnvironments('7', { type: 'staging' });
    expect(all).toHaveLength(6);
    expect(stub.requests).toHaveLength(3);
    for (const q of stub.requests) {
      expect(q.path).toBe('/api/v1/deployments/7/environments');
      expect(q.query.get('type')).toBe('staging');
    }
    await client.listEnvironments('7');
    expect(stub.requests.at(-1)!.query.has('type')).toBe(false);
  });

  it('stops at an empty page even when total claims more', async () => {
    stub.handle((req) => {
      const offset = num(req.query, 'offset');
      const items = offset === 0 ? [deployment(1), deployment(2)] : [];
      return { status: 200, json: { data: { deployments: items }, pagination: { offset, limit: 2, total: 99 } } };
    });
    expect(await client.listDeployments()).toHaveLength(2);
    expect(stub.requests).toHaveLength(2);
  });

  it('fails with a ContractError (after one repeated page) when the server ignores offset', async () => {
    stub.handle(() => pagedList('deployments', [1, 2, 3, 4].map(deployment))(0, 2));
    await expect(client.listDeployments()).rejects.toMatchObject({ kind: 'contract', data: { field: 'data.deployments' } });
    expect(stub.requests).toHaveLength(2);
  });
});

describe('error kinds from real HTTP answers', () => {
  const cases: Array<[string, string, StubReply]> = [
    ['401', 'unauthenticated', { status: 401, json: { error: 'Invalid API key.' } }],
    ['403 rights', 'forbidden', { status: 403, json: { error: 'You may read report x but not edit it.' } }],
    ['403 invalid credential', 'unauthenticated', { status: 403, json: { error: 'Invalid token' } }],
    ['404', 'notFound', { status: 404, json: { error: 'Deployment 7 not found.' } }],
    ['400', 'validation', { status: 400, json: { error: 'Invalid body: name: Too small' } }],
    ['409 no code', 'publicIdTaken', { status: 409, json: { error: 'publicId is taken' } }],
    ['409 ambiguous_legacy_id', 'ambiguousLegacyId', { status: 409, json: { error: 'ambiguous', code: 'ambiguous_legacy_id' } }],
  ];
  it.each(cases)('%s -> %s, tried once (permanent)', async (_name, kind, reply) => {
    stub.handle(scripted(reply));
    const err = await client.upsertReport('7', PUBLIC_ID, { name: 'x' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind, status: (reply as { status: number }).status });
    expect(stub.requests).toHaveLength(1);
    expect(clock.delays).toEqual([]);
  });

  it('400 keeps the server message in detail', async () => {
    stub.handle(scripted({ status: 400, json: { error: 'Invalid body: name: Too small' } }));
    await expect(client.createReport('7', { name: 'x' })).rejects.toMatchObject({
      kind: 'validation',
      detail: 'HTTP 400: Invalid body: name: Too small',
    });
  });

  it('403 on createReport advises asking for the creation right', async () => {
    stub.handle(scripted({ status: 403, json: { error: 'read-only access' } }));
    await expect(client.createReport('7', { name: 'x' })).rejects.toMatchObject({
      kind: 'forbidden',
      message: expect.stringMatching(/right to create reports/),
    });
  });

  it('a refused upsert names the report by its name, not its publicId', async () => {
    stub.handle(scripted({ status: 403, json: { error: 'read-only access' } }));
    const err = await client.upsertReport('7', PUBLIC_ID, { name: 'Orders by status' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'forbidden', message: expect.stringContaining('save the report "Orders by status"') });
    expect(String((err as Error).message)).not.toContain(PUBLIC_ID);
  });

  it('403 on /meta is a refused token', async () => {
    stub.handle(scripted({ status: 403, json: { error: 'Invalid token' } }));
    await expect(client.getMeta(stub.url, 'expired.jwt.x')).rejects.toMatchObject({ kind: 'unauthenticated' });
  });
});

describe('retries', () => {
  it('retries upsert_branch_changed and succeeds, keeping the span and bumping the request number', async () => {
    const race: StubReply = { status: 409, json: { error: 'race', code: 'upsert_branch_changed' } };
    stub.handle(scripted(race, race, { status: 200, json: report() }));
    const r = await client.upsertReport('7', PUBLIC_ID, { name: 'x' });
    expect(r.publicId).toBe(PUBLIC_ID);
    expect(stub.requests).toHaveLength(3);
    const ids = stub.requests.map((q) => String(q.headers['x-request-id']));
    expect(ids.map((id) => id.replace(/^[0-9a-f]{16}/, ''))).toEqual(['-span-1', '-span-2', '-span-3']);
    expect(new Set(ids.map((id) => id.slice(0, 16))).size).toBe(1);
    expect(clock.delays).toHaveLength(2);
  });

  it('gives up on a persistent 5xx after 4 attempts with bounded backoff', async () => {
    stub.handle(scripted({ status: 503, text: 'upstream unavailable' }));
    await expect(client.connectWorkbook('7', 42, { externalWorkbookId: 'wb', placementId: 'p' })).rejects.toMatchObject({
      kind: 'server',
      status: 503,
      data: { serverMessage: 'upstream unavailable' },
    });
    expect(stub.requests).toHaveLength(4);
    expect(clock.delays).toHaveLength(3);
    clock.delays.forEach((d, i) => {
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(250 * 2 ** i);
    });
  });

  it('never retries createReport (POST), even on a transient error', async () => {
    stub.handle(scripted({ status: 500, json: { error: 'boom' } }));
    await expect(client.createReport('7', { name: 'x' })).rejects.toMatchObject({ kind: 'server' });
    expect(stub.requests).toHaveLength(1);
  });

  it('retries a dropped connection on a GET as a network error', async () => {
    const ok: StubReply = { status: 200, json: { data: { deployments: [deployment(1)] }, pagination: { offset: 0, limit: 2, total: 1 } } };
    stub.handle(scripted({ drop: true }, { drop: true }, ok));
    expect(await client.listDeployments()).toHaveLength(1);
    expect(stub.requests).toHaveLength(3);
  });

  it('reports a network error when the connection keeps dropping; a refused connection too', async () => {
    stub.handle(scripted({ drop: true }));
    await expect(client.createReport('7', { name: 'x' })).rejects.toMatchObject({ kind: 'network' });
    expect(stub.requests).toHaveLength(1);
    const url = stub.url;
    await stub.close();
    const dead = new PlatformClient({ baseUrl: url, apiKey: 'k', transport, clock, random: seededRandom(2), ...untimed });
    await expect(dead.listDeployments()).rejects.toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/Check your connection/),
    });
    stub = await startStubServer();
  });
});

describe('contract errors', () => {
  it('name the offending field of a list item', async () => {
    const bad = { id: '1', name: 'x' }; // deploymentUrl missing
    stub.handle(
      scripted({ status: 200, json: { data: { deployments: [deployment(2), bad] }, pagination: { offset: 0, limit: 2, total: 2 } } }),
    );
    const err = await client.listDeployments().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    expect((err as ContractError).field).toBe('data.deployments[1].deploymentUrl');
    expect((err as ContractError).message).toMatch(/data\.deployments\[1\]\.deploymentUrl is missing/);
    expect(stub.requests).toHaveLength(1); // not retried
  });

  it('name a wrongly typed report field', async () => {
    stub.handle(scripted({ status: 200, json: report({ publicId: 'not-valid' }) }));
    await expect(client.upsertReport('7', PUBLIC_ID, { name: 'x' })).rejects.toMatchObject({ kind: 'contract', field: 'publicId' });
  });

  it('reject a 200 body that is not JSON', async () => {
    stub.handle(scripted({ status: 200, text: '<html>login page</html>' }));
    await expect(client.getMeta(stub.url, 't')).rejects.toMatchObject({
      kind: 'contract',
      field: '',
      message: expect.stringMatching(/is not JSON/),
    });
  });
});

describe('abort', () => {
  it('an already aborted signal sends nothing', async () => {
    const ac = createCancelSource();
    ac.cancel();
    await expect(client.listDeployments({ signal: ac.signal })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(stub.requests).toHaveLength(0);
  });

  it('aborting while the server has not answered throws cancelled at once, without retrying', async () => {
    let received!: () => void;
    const arrived = new Promise<void>((resolve) => {
      received = resolve;
    });
    stub.handle(() => {
      received();
      return { hang: true };
    });
    const ac = createCancelSource();
    const call = client.upsertReport('7', PUBLIC_ID, { name: 'x' }, { signal: ac.signal });
    await arrived;
    ac.cancel();
    await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
    expect(stub.requests).toHaveLength(1);
  });

  it('aborting between retries stops before the next attempt', async () => {
    const ac = createCancelSource();
    stub.handle(() => {
      ac.cancel();
      return { status: 503, json: { error: 'busy' } };
    });
    await expect(
      client.connectWorkbook('7', 42, { externalWorkbookId: 'wb', placementId: 'p' }, { signal: ac.signal }),
    ).rejects.toMatchObject({ kind: 'cancelled' });
    expect(stub.requests).toHaveLength(1);
  });
});

describe('construction', () => {
  it('rejects a tenant URL that is not a web address and an empty key', () => {
    expect(() => new PlatformClient({ baseUrl: 'acme.example.com', apiKey: 'k', transport, clock, random: Math.random })).toThrow(
      /https:\/\//,
    );
    expect(() => new PlatformClient({ baseUrl: 'https://acme.example.com', apiKey: ' ', transport, clock, random: Math.random })).toThrow(
      /Sign in/,
    );
  });
});
