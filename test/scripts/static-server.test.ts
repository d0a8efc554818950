/**
 * The preview's static server (npm start): serves the built pages and /config.js.
 * It answers every bad request with a 4xx and keeps running, and answers loopback Host names only.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { decodedPath, fileUnder, startStaticServer, type StaticServer } from '../../scripts/static-server';

let root: string;
let server: StaticServer;
let port: number;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-static-'));
  const web = path.join(root, 'web');
  fs.mkdirSync(path.join(web, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>preview</title>');
  fs.writeFileSync(path.join(web, 'app.js'), 'console.log(1);');
  fs.writeFileSync(path.join(web, 'taskpane.html'), '<!doctype html><title>pane</title>');
  fs.writeFileSync(path.join(web, 'sub', 'a b.css'), 'body{}');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'TOP-SECRET');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(web, 'link.txt'));
  server = await startStaticServer({
    port: 0,
    dir: web,
    config: { defaultTenantUrl: 'http://127.0.0.1:4100' },
    allowedHosts: ['devbox.lan'],
  });
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A raw request: the target is sent byte for byte (fetch would normalize `..` and reject bad escapes itself). */
function get(
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; text: string; type: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: target, headers: { Host: `localhost:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            type: String(res.headers['content-type']),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('static server', () => {
  it('serves index.html at /, files with their types, and /config.js with the preview configuration', async () => {
    expect(await get('/')).toMatchObject({ status: 200, text: '<!doctype html><title>preview</title>', type: 'text/html; charset=utf-8' });
    expect(await get('/app.js?v=1')).toMatchObject({ status: 200, text: 'console.log(1);', type: 'text/javascript; charset=utf-8' });
    expect(await get('/sub/a%20b.css')).toMatchObject({ status: 200, text: 'body{}' });
    const config = await get('/config.js');
    expect(config.text).toBe('window.__PREVIEW_CONFIG__ = {"defaultTenantUrl":"http://127.0.0.1:4100"};\n');
    expect((await get('/app.js', {}, 'HEAD')).status).toBe(200);
  });

  it.each(['/%00', '/%E0%A4%A', '/%', '/app.js%00.html', '/%C0%AE%C0%AE/secret.txt', '/sub/%ZZ'])(
    'answers 400 to %s and keeps running',
    async (target) => {
      const a = await get(target);
      expect(a.status).toBe(400);
      expect(a.text).toMatch(/Bad request/);
      expect((await get('/app.js')).status).toBe(200);
    },
  );

  it.each([
    '/../secret.txt',
    '/..%2Fsecret.txt',
    '/%2e%2e/secret.txt',
    '/sub/..%2F..%2Fsecret.txt',
    '/..\\secret.txt',
    '/sub%5C..%5C..%5Csecret.txt',
    '//etc/passwd',
    '/link.txt',
  ])('refuses %s (outside the directory) with 404 and no content', async (target) => {
    const a = await get(target);
    expect(a.status).toBe(404);
    expect(a.text).not.toContain('TOP-SECRET');
    expect(a.text).not.toContain('root:');
  });

  it('sends the preview a Content-Security-Policy of its own origin and forbids framing it', async () => {
    const { headers } = await get('/');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect((await get('/app.js')).headers['content-security-policy']).toBeUndefined();
  });

  it("lets the Excel task pane load Office.js from Microsoft's CDN and be framed by Office on the web, not by anyone", async () => {
    const { headers } = await get('/taskpane.html');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://appsforoffice.microsoft.com");
    expect(csp).toMatch(/frame-ancestors 'self' https:\/\/\*\.officeapps\.live\.com [^;]*https:\/\/\*\.office\.com/);
    expect(csp).not.toMatch(/frame-ancestors[^;]*\*(?!\.)/);
    expect(headers['x-frame-options']).toBeUndefined();
  });

  it('answers 404 to missing files and directories, 405 to other methods', async () => {
    expect((await get('/missing.js')).status).toBe(404);
    expect((await get('/sub')).status).toBe(404);
    expect((await get('/sub/')).status).toBe(404);
    expect((await get('/app.js', {}, 'POST')).status).toBe(405);
  });

  it('answers loopback Host names on its port and configured ones, and refuses others with 403 (DNS rebinding)', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `devbox.lan:${port}`]) {
      expect((await get('/config.js', { Host: host })).status).toBe(200);
    }
    for (const host of [`evil.example:${port}`, `localhost:${port + 1}`, 'localhost']) {
      const a = await get('/config.js', { Host: host });
      expect(a.status).toBe(403);
      expect(a.text).not.toContain('defaultTenantUrl');
    }
  });

  it('decodes paths and keeps them under the directory', () => {
    expect(decodedPath('/a%20b?x=%00')).toBe('/a b');
    expect(decodedPath('/%00')).toBeNull();
    expect(decodedPath('http://x/')).toBeNull();
    expect(fileUnder('/srv/web', '/../etc/passwd')).toBeNull();
    expect(fileUnder('/srv/web', '/')).toBe(path.resolve('/srv/web/index.html'));
  });
});
