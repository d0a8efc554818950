/** Meta-sync tokens: the stored record decides (deployment, environment, expiry), and the signing secret is the platform's own. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { environmentListSchema, metaSyncTokenResponseSchema } from '../../src/core/wire/schemas';
import { META_PATH, paths } from '../../src/core/wire/wire-names';
import { JWT_SECRET_ENV } from '../../local-platform/dev-credentials';
import { signJwt } from '../../local-platform/jwt';
import type { RunningPlatform } from '../../local-platform/server';
import { SIGNING_SECRET_FILE } from '../../local-platform/signing-secret';
import { VIEWER, call, testPlatform } from './http';

async function restUrl(url: string, deploymentId: string): Promise<string> {
  const list = environmentListSchema.parse((await call('GET', `${url}${paths.environments(deploymentId)}`, { key: 'dev-admin-key' })).json);
  return list.data.environments[0]!.api_credentials.rest.url;
}

async function issue(url: string, deploymentId: string, environmentId: string, body: unknown = { security_context: {} }) {
  const a = await call('POST', url + paths.metaSyncToken(deploymentId, environmentId), { key: VIEWER, body });
  return metaSyncTokenResponseSchema.parse(a.json).data.token;
}

const metaStatus = async (restBase: string, token: string): Promise<number> =>
  (await call('GET', restBase + META_PATH, { key: null, headers: { Authorization: token } })).status;

const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('a token re-signed with a known secret', () => {
  const SECRET = 'a-secret-the-attacker-knows';
  let clock = Date.parse('2025-06-01T12:00:00.000Z');
  let platform: RunningPlatform;
  beforeAll(async () => {
    process.env[JWT_SECRET_ENV] = SECRET;
    try {
      platform = await testPlatform({ now: () => clock });
    } finally {
      delete process.env[JWT_SECRET_ENV];
    }
  });
  afterAll(() => platform.close());

  it('is refused once its stored expiry passed, whatever exp it now claims', async () => {
    const rest = await restUrl(platform.url, '101');
    const token = await issue(platform.url, '101', '1011', { security_context: {}, expires_in: 60 });
    expect(await metaStatus(rest, token)).toBe(200);
    clock += 61_000;
    const renewed = signJwt({ ...claimsOf(token), exp: clock / 1000 + 86_400 }, SECRET);
    expect(await metaStatus(rest, renewed)).toBe(403);
  });

  it('is refused for another deployment or environment than the one stored for its jti', async () => {
    const token = await issue(platform.url, '101', '1011');
    const rest102 = await restUrl(platform.url, '102');
    const [, deployment, environment] = /\/d\/(\d+)\/e\/(\d+)/.exec(rest102) ?? [];
    expect(environment).toBeDefined();
    const moved = signJwt({ ...claimsOf(token), deploymentId: deployment, environmentId: environment }, SECRET);
    expect(await metaStatus(rest102, moved)).toBe(403);
  });
});

describe('the signing secret', () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is made per data directory on first start, kept in a 0600 file, and survives a restart', async () => {
    const dir = tempDir();
    const first = await testPlatform({ memory: false, dataDir: dir, rows: 50 });
    let token: string;
    let rest: string;
    try {
      rest = await restUrl(first.url, '101');
      token = await issue(first.url, '101', '1011');
      expect(await metaStatus(rest, token)).toBe(200);
    } finally {
      await first.close();
    }
    const file = path.join(dir, SIGNING_SECRET_FILE);
    expect(fs.readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = await testPlatform({ memory: false, dataDir: dir, rows: 50 });
    try {
      expect(await metaStatus(await restUrl(again.url, '101'), token)).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('differs between platforms: a token signed by one, or with the old public default, is refused by another', async () => {
    const a = await testPlatform();
    const b = await testPlatform();
    try {
      const token = await issue(a.url, '101', '1011');
      const restB = await restUrl(b.url, '101');
      expect(await metaStatus(restB, token)).toBe(403);
      const tokenB = await issue(b.url, '101', '1011');
      const publicDefault = signJwt(claimsOf(tokenB), 'local-platform-dev-secret-not-for-production');
      expect(await metaStatus(restB, publicDefault)).toBe(403);
      expect(await metaStatus(restB, tokenB)).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
