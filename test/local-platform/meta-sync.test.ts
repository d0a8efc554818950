/** Contract tests of tokens-for-meta-sync (2.6, 4.4, 5.5) and the /meta route it opens, over real HTTP with an injected clock. */
import { environmentListSchema, errorBodySchema, metaSchema, metaSyncTokenResponseSchema } from '../../src/core/wire/schemas';
import { META_PATH, SQL_QUERY_PATH, paths } from '../../src/core/wire/wire-names';
import { platformPerFile } from '../helpers/platform-per-file';
import { ADMIN, EDITOR, VIEWER, call } from './http';

let clock = Date.parse('2025-06-01T12:00:00.000Z');

const platform = platformPerFile({ now: () => clock });

async function restUrl(deploymentId: string, type: string): Promise<string> {
  const list = environmentListSchema.parse((await call('GET', `${platform.url}${paths.environments(deploymentId)}?type=${type}`)).json);
  return list.data.environments[0]!.api_credentials.rest.url;
}

async function issue(body: unknown, deploymentId = '101', environmentId = '1011', key = EDITOR) {
  return call('POST', platform.url + paths.metaSyncToken(deploymentId, environmentId), { key, body });
}

const getMeta = (url: string, authorization: string | null) =>
  call('GET', url + META_PATH, { key: null, headers: authorization === null ? {} : { Authorization: authorization } });

describe('4.4 tokens-for-meta-sync', () => {
  it('4.4 answers {data: {token, created_at, expires_at}} with expires_in defaulting to 86400 s', async () => {
    const a = await issue({ security_context: { tenant: 'acme' } });
    expect(a.status).toBe(200);
    const { data } = metaSyncTokenResponseSchema.parse(a.json);
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.created_at).toBe('2025-06-01T12:00:00.000Z');
    expect(Date.parse(data.expires_at) - Date.parse(data.created_at)).toBe(86400 * 1000);
  });

  it('4.4 expires_in sets the lifetime', async () => {
    const { data } = metaSyncTokenResponseSchema.parse((await issue({ security_context: {}, expires_in: 600 })).json);
    expect(Date.parse(data.expires_at) - Date.parse(data.created_at)).toBe(600 * 1000);
  });

  it.each([
    ['missing', {}],
    ['not an object', { security_context: 'acme' }],
    ['null', { security_context: null }],
  ])('4.4 security_context %s is a 400 naming it', async (_label, body) => {
    const a = await issue(body);
    expect(a.status).toBe(400);
    expect(errorBodySchema.parse(a.json).error).toMatch(/security_context/);
  });

  it('4.4 a bad expires_in is a 400; an unknown environment 404; no key 401', async () => {
    expect((await issue({ security_context: {}, expires_in: -5 })).status).toBe(400);
    expect((await issue({ security_context: {} }, '101', '1021')).status).toBe(404);
    expect((await issue({ security_context: {} }, '101', '1011', 'wrong')).status).toBe(401);
  });

  it('4.4 the viewer may issue one too (read access)', async () => {
    expect((await issue({ security_context: {} }, '102', '1023', VIEWER)).status).toBe(200);
  });
});

describe('5.5 the token opens {rest.url}/meta and nothing else', () => {
  it('5.5 the token opens /meta of its environment, raw or after Bearer', async () => {
    const url = await restUrl('101', 'production');
    const { data } = metaSyncTokenResponseSchema.parse((await issue({ security_context: {} })).json);
    for (const authorization of [data.token, `Bearer ${data.token}`]) {
      const a = await getMeta(url, authorization);
      expect(a.status).toBe(200);
      const meta = metaSchema.parse(a.json);
      expect(meta.cubes.length).toBeGreaterThan(0);
    }
  });

  it('5.5 the token does not open /meta of another environment', async () => {
    const { data } = metaSyncTokenResponseSchema.parse((await issue({ security_context: {} }, '101', '1011')).json);
    const a = await getMeta(await restUrl('101', 'staging'), data.token);
    expect(a.status).toBe(403);
    errorBodySchema.parse(a.json);
  });

  it('5.5 the token is refused by the control plane (401) and by the query API (403)', async () => {
    const { data } = metaSyncTokenResponseSchema.parse((await issue({ security_context: {} })).json);
    expect((await call('GET', platform.url + paths.deployments(), { key: data.token })).status).toBe(401);
    for (const authorization of [data.token, `Bearer ${data.token}`]) {
      const q = await call('POST', `${platform.url}/d/101${SQL_QUERY_PATH}`, {
        key: null,
        headers: { Authorization: authorization },
        body: { query: 'SELECT 1 AS one' },
      });
      expect(q.status).toBe(403);
      errorBodySchema.parse(q.json);
    }
  });

  it('5.5 /meta refuses no header, a dev API key and a tampered token with 403 {"error"}', async () => {
    const url = await restUrl('101', 'production');
    const { data } = metaSyncTokenResponseSchema.parse((await issue({ security_context: {} })).json);
    const [h, p, s] = data.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, environmentId: '1012' })).toString('base64url')}.${s}`;
    for (const authorization of [null, `Bearer ${ADMIN}`, ADMIN, forged, `${data.token}x`]) {
      const a = await getMeta(url, authorization);
      expect(a.status).toBe(403);
      errorBodySchema.parse(a.json);
    }
  });

  it('8 a token past expires_in gets 403', async () => {
    const url = await restUrl('101', 'production');
    const { data } = metaSyncTokenResponseSchema.parse((await issue({ security_context: {}, expires_in: 60 })).json);
    expect((await getMeta(url, data.token)).status).toBe(200);
    clock += 61_000;
    expect((await getMeta(url, data.token)).status).toBe(403);
  });
});
