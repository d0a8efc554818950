/** Contract tests of the control plane's lists, auth, errors, CORS and spec over real HTTP (one platform for the file). */
import { deploymentListSchema, environmentListSchema, errorBodySchema } from '../../src/core/wire/schemas';
import { META_PATH, SQL_QUERY_PATH, paths } from '../../src/core/wire/wire-names';
import { SQL_INTERFACE_PORT } from '../../local-platform/deployments';
import { platformPerFile } from '../helpers/platform-per-file';
import { ADMIN, EDITOR, VIEWER, call, testPlatform } from './http';

const platform = platformPerFile();

describe('health', () => {
  it('GET /healthz answers 200 once started', async () => {
    expect((await call('GET', `${platform.url}/healthz`, { key: null })).status).toBe(200);
  });
});

describe('4.2 deployments', () => {
  it('4.2 lists deployments in the 2.1 envelope with absolute deploymentUrl on the actual port', async () => {
    const a = await call('GET', platform.url + paths.deployments());
    expect(a.status).toBe(200);
    const list = deploymentListSchema.parse(a.json);
    expect(list.pagination).toEqual({ offset: 0, limit: 20, total: list.data.deployments.length });
    expect(list.data.deployments.length).toBeGreaterThanOrEqual(2);
    for (const d of list.data.deployments) {
      expect(d.id).toMatch(/^\d+$/);
      expect(d.deploymentUrl).toBe(`${platform.url}/d/${d.id}`);
    }
  });

  it('2.1 pages with offset and limit and reports the total', async () => {
    const all = deploymentListSchema.parse((await call('GET', platform.url + paths.deployments(), { key: ADMIN })).json);
    expect(all.pagination.total).toBe(3);
    const ids: string[] = [];
    for (let offset = 0; offset < all.pagination.total; offset++) {
      const page = deploymentListSchema.parse(
        (await call('GET', `${platform.url}${paths.deployments()}?offset=${offset}&limit=1`, { key: ADMIN })).json,
      );
      expect(page.pagination).toEqual({ offset, limit: 1, total: 3 });
      expect(page.data.deployments).toHaveLength(1);
      ids.push(page.data.deployments[0]!.id);
    }
    expect(ids).toEqual(all.data.deployments.map((d) => d.id));
    const past = deploymentListSchema.parse(
      (await call('GET', `${platform.url}${paths.deployments()}?offset=3&limit=1`, { key: ADMIN })).json,
    );
    expect(past.data.deployments).toEqual([]);
  });

  it('5.3 the admin-only deployment is listed for the admin and hidden from the others', async () => {
    const admin = deploymentListSchema.parse((await call('GET', platform.url + paths.deployments(), { key: ADMIN })).json);
    const viewer = deploymentListSchema.parse((await call('GET', platform.url + paths.deployments(), { key: VIEWER })).json);
    expect(admin.data.deployments.map((d) => d.id)).toContain('103');
    expect(viewer.data.deployments.map((d) => d.id)).not.toContain('103');
    expect((await call('GET', platform.url + paths.environments('103'), { key: VIEWER })).status).toBe(404);
  });

  it.each(['-1', 'abc', '1.5', ''])('2.1 offset/limit %j is a 400 with an error body', async (bad) => {
    for (const name of ['offset', 'limit']) {
      const a = await call('GET', `${platform.url}${paths.deployments()}?${name}=${bad}`);
      expect(a.status).toBe(400);
      expect(errorBodySchema.parse(a.json).error).toContain(name);
    }
  });
});

describe('4.3 environments', () => {
  it('4.3 lists production, staging and development with rest URLs under the deployment', async () => {
    const a = await call('GET', platform.url + paths.environments('101'));
    expect(a.status).toBe(200);
    const list = environmentListSchema.parse(a.json);
    expect(list.data.environments.map((e) => e.type).sort()).toEqual(['development', 'production', 'staging']);
    for (const e of list.data.environments) {
      expect(e.api_credentials.rest.url).toBe(`${platform.url}/d/101/e/${e.id}/svcjs-api/v1`);
    }
    expect(`${platform.url}/d/101${SQL_QUERY_PATH}`).toBe(`${platform.url}/d/101/svcjs-api/v1/svcsql`);
    expect(META_PATH).toBe('/meta');
  });

  it('2.3 environments carry api_credentials.sql.host and sql.port (the platform host; no SQL wire protocol listens there)', async () => {
    const raw = (await call('GET', platform.url + paths.environments('101'))).json as {
      data: { environments: Array<{ api_credentials: { sql?: { host?: unknown; port?: unknown } } }> };
    };
    for (const e of raw.data.environments) {
      expect(e.api_credentials.sql).toEqual({ host: new URL(platform.url).hostname, port: SQL_INTERFACE_PORT });
      expect(Number.isInteger(e.api_credentials.sql?.port)).toBe(true);
    }
  });

  it('4.3 filters by type and pages with limit=1', async () => {
    const staging = environmentListSchema.parse((await call('GET', `${platform.url}${paths.environments('102')}?type=staging`)).json);
    expect(staging.data.environments.map((e) => e.type)).toEqual(['staging']);
    expect(staging.pagination.total).toBe(1);
    const page = environmentListSchema.parse((await call('GET', `${platform.url}${paths.environments('102')}?limit=1&offset=2`)).json);
    expect(page.pagination).toEqual({ offset: 2, limit: 1, total: 3 });
    expect(page.data.environments).toHaveLength(1);
  });

  it('4.3 an unknown type is a 400 naming the allowed values', async () => {
    const a = await call('GET', `${platform.url}${paths.environments('101')}?type=prod`);
    expect(a.status).toBe(400);
    expect(errorBodySchema.parse(a.json).error).toMatch(/production, staging, development/);
  });

  it('an unknown deployment is a 404 with an error body', async () => {
    const a = await call('GET', platform.url + paths.environments('999'));
    expect(a.status).toBe(404);
    errorBodySchema.parse(a.json);
  });
});

describe('5.1 authentication', () => {
  it.each([
    ['no header', null],
    ['an unknown key', 'not-a-key'],
  ])('5.1 %s gets 401 {"error"}', async (_label, key) => {
    const a = await call('GET', platform.url + paths.deployments(), { key });
    expect(a.status).toBe(401);
    expect(errorBodySchema.parse(a.json).error.length).toBeGreaterThan(0);
  });

  it('5.1 a key without the Bearer scheme gets 401', async () => {
    const a = await call('GET', platform.url + paths.deployments(), { key: null, headers: { Authorization: EDITOR } });
    expect(a.status).toBe(401);
  });

  it('5.1 every dev key is accepted', async () => {
    for (const key of [ADMIN, EDITOR, VIEWER]) expect((await call('GET', platform.url + paths.deployments(), { key })).status).toBe(200);
  });
});

describe('7.1 errors', () => {
  it('7.1 an unknown path is a 404 and a wrong method a 405, both {"error"}', async () => {
    const missing = await call('GET', `${platform.url}/api/v1/nothing-here`);
    expect(missing.status).toBe(404);
    errorBodySchema.parse(missing.json);
    const wrong = await call('POST', platform.url + paths.deployments(), { body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    errorBodySchema.parse(wrong.json);
  });

  it('7.1 a body that is not JSON is a 400 {"error"}', async () => {
    const a = await call('POST', platform.url + paths.metaSyncToken('101', '1011'), { body: '{not json' });
    expect(a.status).toBe(400);
    expect(errorBodySchema.parse(a.json).error).toMatch(/JSON/);
  });
});

describe('faults (x-fault, control plane)', () => {
  it('status=503 answers 503 {"error"} for that request only', async () => {
    const a = await call('GET', platform.url + paths.deployments(), { headers: { 'x-fault': 'status=503' } });
    expect(a.status).toBe(503);
    expect(errorBodySchema.parse(a.json).error).toMatch(/503/);
    expect((await call('GET', platform.url + paths.deployments())).status).toBe(200);
  });

  it('delay-ms=N still answers normally', async () => {
    const a = await call('GET', platform.url + paths.deployments(), { headers: { 'x-fault': 'delay-ms=20' } });
    expect(a.status).toBe(200);
  });

  it('faults are ignored when the platform runs without --faults', async () => {
    const plain = await testPlatform({ faults: false, rows: 10 });
    try {
      expect((await call('GET', plain.url + paths.deployments(), { headers: { 'x-fault': 'status=503' } })).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('CORS', () => {
  const preflight = (origin: string, path: string): Promise<Response> =>
    fetch(platform.url + path, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type,x-request-id',
      },
    });

  it.each(['https://localhost:3000', 'http://localhost:3000'])(
    'preflight from %s allows the add-in headers and methods',
    async (origin) => {
      for (const path of [
        paths.reportByPublicId('101', 'abcdefABCDEF'),
        `/d/101${SQL_QUERY_PATH}`,
        `/d/101/e/1011/svcjs-api/v1${META_PATH}`,
      ]) {
        const r = await preflight(origin, path);
        expect(r.status).toBe(204);
        expect(r.headers.get('access-control-allow-origin')).toBe(origin);
        const allowHeaders = (r.headers.get('access-control-allow-headers') ?? '').toLowerCase();
        for (const h of ['authorization', 'content-type', 'x-request-id', 'x-fault']) expect(allowHeaders).toContain(h);
        const allowMethods = r.headers.get('access-control-allow-methods') ?? '';
        for (const m of ['GET', 'POST', 'PUT', 'OPTIONS']) expect(allowMethods).toContain(m);
      }
    },
  );

  it('a preflight from another origin gets no allow-origin', async () => {
    const r = await preflight('https://evil.example', paths.deployments());
    expect(r.status).toBe(403);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('responses (errors too) carry allow-origin for an allowed origin and echo x-request-id', async () => {
    const ok = await call('GET', platform.url + paths.deployments(), {
      headers: { Origin: 'http://localhost:3000', 'x-request-id': 'abc-span-1' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(ok.headers.get('x-request-id')).toBe('abc-span-1');
    const denied = await call('GET', platform.url + paths.deployments(), { key: 'nope', headers: { Origin: 'https://localhost:3000' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('https://localhost:3000');
  });

  it('origins are configurable', async () => {
    const other = await testPlatform({ origins: ['https://addin.example'], rows: 10 });
    try {
      const r = await fetch(other.url + paths.deployments(), {
        method: 'OPTIONS',
        headers: { Origin: 'https://addin.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(r.headers.get('access-control-allow-origin')).toBe('https://addin.example');
      const d = await fetch(other.url + paths.deployments(), {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' },
      });
      expect(d.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await other.close();
    }
  });
});

describe('4.12 spec', () => {
  it('4.12 GET /api/v1/spec is an OpenAPI 3.1 document listing every path with its schemas', async () => {
    const a = await call('GET', platform.url + paths.spec(), { key: null });
    expect(a.status).toBe(200);
    const spec = a.json as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { operationId: string; requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.info.version).toBe('1.0.0');
    const expected: Array<[string, string]> = [
      ['get', '/api/v1/deployments'],
      ['get', '/api/v1/deployments/{deploymentId}/environments'],
      ['post', '/api/v1/deployments/{deploymentId}/environments/{environmentId}/tokens-for-meta-sync'],
      ['post', '/api/v1/deployments/{deploymentId}/reports'],
      ['put', '/api/v1/deployments/{deploymentId}/reports/{reportId}'],
      ['put', '/api/v1/deployments/{deploymentId}/reports/by-public-id/{publicId}'],
      ['put', '/api/v1/deployments/{deploymentId}/reports/{reportId}/connect-workbook'],
      ['get', '/api/v1/spec'],
      ['post', `/d/{deploymentId}${SQL_QUERY_PATH}`],
      ['get', `/d/{deploymentId}/e/{environmentId}/svcjs-api/v1${META_PATH}`],
    ];
    for (const [method, path] of expected) {
      expect(spec.paths[path]?.[method]).toBeDefined();
    }
    const upsert = spec.paths['/api/v1/deployments/{deploymentId}/reports/by-public-id/{publicId}']!.put!;
    expect(JSON.stringify(upsert.requestBody)).toContain('^[0-9A-Za-z]{12}$');
    expect(Object.keys(upsert.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409']));
    const ids = Object.values(spec.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the templates in the spec are the ones paths.* of wire-names produce', async () => {
    const spec = (await call('GET', platform.url + paths.spec())).json as { paths: Record<string, unknown> };
    const fill = (t: string): string =>
      t
        .replace('{deploymentId}', '101')
        .replace('{environmentId}', '1011')
        .replace('{reportId}', '7')
        .replace('{publicId}', 'abcdefABCDEF');
    const served = new Set(Object.keys(spec.paths).map(fill));
    for (const p of [
      paths.deployments(),
      paths.environments('101'),
      paths.metaSyncToken('101', '1011'),
      paths.reports('101'),
      paths.reportById('101', 7),
      paths.reportByPublicId('101', 'abcdefABCDEF'),
      paths.connectWorkbook('101', 7),
      paths.spec(),
    ]) {
      expect(served).toContain(p);
    }
  });
});
