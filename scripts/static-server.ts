/**
 * A small static file server for the built pages, serving `/config.js` with the runtime configuration of the preview.
 * It answers loopback Host names only (and configured ones), and any request it cannot serve is a 4xx: a bad path
 * never throws out of the handler (one request must not stop `npm start`).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { hostAllowed, hostRefusedMessage } from '../local-platform/host-check';
import { pageSecurityHeaders } from './page-security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/** The decoded path of a request target, or null when it is not a valid, NUL-free percent-encoded path. */
export function decodedPath(target: string | undefined): string | null {
  const raw = target ?? '/';
  if (!raw.startsWith('/')) return null;
  const rawPath = raw.split(/[?#]/, 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  return decoded.includes('\0') ? null : decoded;
}

/** The file under `dir` a decoded path names, or null when it would leave `dir` (`..`, an absolute or backslash path). */
export function fileUnder(dir: string, urlPath: string): string | null {
  const rel = urlPath === '/' ? 'index.html' : urlPath.replace(/^\/+/, '');
  if (rel.includes('\\')) return null;
  const file = path.resolve(dir, rel);
  return file.startsWith(dir + path.sep) ? file : null;
}

export async function startStaticServer(options: {
  port: number;
  dir: string;
  config: Record<string, unknown>;
  host?: string;
  /** Host names answered besides loopback ones (`name` or `name:port`). */
  allowedHosts?: readonly string[];
}): Promise<StaticServer> {
  const dir = fs.realpathSync(path.resolve(options.dir));
  const configJs = `window.__PREVIEW_CONFIG__ = ${JSON.stringify(options.config)};\n`;
  let port = 0;

  const serveFile = (req: IncomingMessage, res: ServerResponse, file: string): void => {
    // A symbolic link may not lead out of the directory either.
    fs.realpath(file, (linkErr, real) => {
      if (linkErr || !real.startsWith(dir + path.sep)) return sendText(res, 404, 'Not found');
      fs.readFile(real, (err, data) => {
        if (err) return sendText(res, 404, 'Not found');
        res.writeHead(200, {
          ...(path.extname(real) === '.html' ? pageSecurityHeaders(path.basename(real)) : {}),
          'Content-Type': TYPES[path.extname(real)] ?? 'application/octet-stream',
          'Content-Length': String(data.length),
          'X-Content-Type-Options': 'nosniff',
        });
        res.end(req.method === 'HEAD' ? undefined : data);
      });
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    if (!hostAllowed(req.headers.host, port, options.allowedHosts ?? [])) return sendText(res, 403, hostRefusedMessage(req.headers.host));
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Only GET and HEAD are served.', { Allow: 'GET, HEAD' });
    const urlPath = decodedPath(req.url);
    if (urlPath === null) return sendText(res, 400, 'Bad request: the path is not a valid percent-encoded path.');
    if (urlPath === '/config.js') {
      res.writeHead(200, {
        'Content-Type': TYPES['.js']!,
        'Cache-Control': 'no-store',
        'Content-Length': String(Buffer.byteLength(configJs)),
      });
      res.end(req.method === 'HEAD' ? undefined : configJs);
      return;
    }
    const file = fileUnder(dir, urlPath);
    if (file === null) return sendText(res, 404, 'Not found');
    serveFile(req, res, file);
  };

  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      // Nothing known throws here; should anything, it ends this request, not the process.
      if (res.headersSent) res.destroy();
      else sendText(res, 400, 'Bad request.');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
