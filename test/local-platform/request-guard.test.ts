/**
 * DNS rebinding and cross-site requests: the platform answers loopback (and configured) Host names only.
 * It refuses a disallowed Origin with 403.
 */
import http from 'node:http';
import { errorBodySchema } from '../../src/core/wire/schemas';
import { paths, SQL_QUERY_PATH } from '../../src/core/wire/wire-names';
import { hostAllowed, parseHost } from '../../local-platform/host-check';
import { platformPerFile } from '../helpers/platform-per-file';
import { call, EDITOR, freshPublicId, testPlatform, VIEWER } from './http';

const platform = platformPerFile();

/** A raw request (node:http lets a test set Host, which fetch does not). */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const portOf = (url: string): string => new URL(url).port;

/** Every report of deployment 101 as the platform lists them, to show that a refused request changed nothing. */
async function reportsOf101(): Promise<string> {
  const a = await call('GET', `${platform.url}${paths.reports('101')}?limit=100`, { key: EDITOR });
  expect(a.status).toBe(200);
  return a.text;
}

const REPORT_BODY = JSON.stringify({ name: 'Planted', sqlQuery: 'SELECT MEASURE(total_amount) FROM orders' });

describe('Host check', () => {
  it.each(['localhost', '127.0.0.1', '127.8.9.10', '[::1]', 'LOCALHOST'])('answers Host %s:<port>', async (name) => {
    const a = await raw(platform.url, 'GET', paths.deployments(), {
      Host: `${name}:${portOf(platform.url)}`,
      Authorization: `Bearer ${VIEWER}`,
    });
    expect(a.status).toBe(200);
  });

  it.each(['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.5', '[::2]'])(
    'refuses Host %s:<port> with 403 before anything runs',
    async (name) => {
      const a = await raw(platform.url, 'GET', paths.deployments(), {
        Host: `${name}:${portOf(platform.url)}`,
        Authorization: `Bearer ${VIEWER}`,
      });
      expect(a.status).toBe(403);
      expect(errorBodySchema.parse(JSON.parse(a.text)).error).toMatch(/Host .* is not allowed.*--allowed-hosts/);
    },
  );

  it('refuses a loopback name on another port, and a rebinding page cannot create a report or run a query', async () => {
    const wrongPort = await raw(platform.url, 'GET', '/healthz', { Host: 'localhost:1' });
    expect(wrongPort.status).toBe(403);
    const publicId = freshPublicId('rebind');
    const before = await reportsOf101();
    const put = await raw(
      platform.url,
      'PUT',
      paths.reportByPublicId('101', publicId),
      { Host: `attacker.example:${portOf(platform.url)}`, Authorization: `Bearer ${EDITOR}`, 'Content-Type': 'application/json' },
      REPORT_BODY,
    );
    expect(put.status).toBe(403);
    const q = await raw(
      platform.url,
      'POST',
      `/d/101${SQL_QUERY_PATH}`,
      { Host: `attacker.example:${portOf(platform.url)}`, Authorization: VIEWER, 'Content-Type': 'application/json' },
      JSON.stringify({ query: 'SELECT 1 AS a' }),
    );
    expect(q.status).toBe(403);
    expect(await reportsOf101()).toBe(before);
  });

  it('answers configured hosts (name on the own port, or name:port)', async () => {
    const other = await testPlatform({ rows: 10, allowedHosts: ['devbox.lan', 'proxy.lan:8443'] });
    try {
      const port = portOf(other.url);
      expect((await raw(other.url, 'GET', '/healthz', { Host: `devbox.lan:${port}` })).status).toBe(200);
      expect((await raw(other.url, 'GET', '/healthz', { Host: 'proxy.lan:8443' })).status).toBe(200);
      expect((await raw(other.url, 'GET', '/healthz', { Host: `proxy.lan:${port}` })).status).toBe(403);
      expect((await raw(other.url, 'GET', '/healthz', { Host: `other.lan:${port}` })).status).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('parses Host values strictly', () => {
    expect(parseHost('localhost:4100')).toEqual({ hostname: 'localhost', port: 4100 });
    expect(parseHost('[::1]:4100')).toEqual({ hostname: '[::1]', port: 4100 });
    expect(parseHost('user@localhost:4100')).toBeNull();
    expect(parseHost('localhost:41a')).toBeNull();
    expect(hostAllowed(undefined, 80)).toBe(false);
    expect(hostAllowed('localhost', 80)).toBe(true);
    expect(hostAllowed('localhost', 4100)).toBe(false);
    expect(hostAllowed('127.0.0.256:4100', 4100)).toBe(false);
  });
});

describe('Origin check', () => {
  it('refuses a request from an origin not configured with 403 {error}, and performs nothing', async () => {
    const publicId = freshPublicId('origin');
    const before = await reportsOf101();
    const put = await raw(
      platform.url,
      'PUT',
      paths.reportByPublicId('101', publicId),
      {
        Host: `127.0.0.1:${portOf(platform.url)}`,
        Origin: 'https://evil.example',
        Authorization: `Bearer ${EDITOR}`,
        'Content-Type': 'application/json',
      },
      REPORT_BODY,
    );
    expect(put.status).toBe(403);
    expect(errorBodySchema.parse(JSON.parse(put.text)).error).toMatch(/Origin https:\/\/evil\.example is not allowed/);
    expect(put.headers['access-control-allow-origin']).toBeUndefined();
    expect(await reportsOf101()).toBe(before);
    // The same request from an allowed origin creates it: the refusal above was the Origin's alone.
    const allowed = await raw(
      platform.url,
      'PUT',
      paths.reportByPublicId('101', publicId),
      {
        Host: `127.0.0.1:${portOf(platform.url)}`,
        Origin: 'https://localhost:3000',
        Authorization: `Bearer ${EDITOR}`,
        'Content-Type': 'application/json',
      },
      REPORT_BODY,
    );
    expect(allowed.status).toBe(200);
    for (const origin of ['null', 'http://localhost:3001']) {
      const q = await raw(platform.url, 'GET', '/healthz', { Host: `127.0.0.1:${portOf(platform.url)}`, Origin: origin });
      expect(q.status).toBe(403);
    }
  });

  it('serves the configured origins (the Excel add-in https://localhost:3000) and requests without Origin', async () => {
    const variants: Array<Record<string, string>> = [{ Origin: 'https://localhost:3000' }, { Origin: 'http://localhost:3000' }, {}];
    for (const headers of variants) {
      const a = await raw(platform.url, 'GET', paths.deployments(), {
        ...headers,
        Host: `127.0.0.1:${portOf(platform.url)}`,
        Authorization: `Bearer ${VIEWER}`,
      });
      expect(a.status).toBe(200);
    }
  });
});

test('idle keep-alive connections are kept past every client idle timeout, so no client sends on a socket being closed', async () => {
  const res = await raw(platform.url, 'GET', paths.deployments(), {
    Host: `127.0.0.1:${portOf(platform.url)}`,
    Authorization: `Bearer ${EDITOR}`,
    Connection: 'keep-alive',
  });
  expect(res.status).toBe(200);
  // Node announces its keepAliveTimeout in seconds; undici keeps a socket 1 s less than announced.
  const timeout = Number(/timeout=(\d+)/.exec(String(res.headers['keep-alive'] ?? ''))?.[1]);
  expect(timeout).toBeGreaterThanOrEqual(60);
});
