/**
 * A small HTTP server on its own worker thread, so a test thread blocked in the synchronous UrlFetchApp fake can still be answered.
 * Routes: /echo, /status/<code>, /bytes/<n> (`?declared` sends its Content-Length), /headers, /gate/<name>/<n>, /redirect/<code>?to=<url>.
 */
import { Worker } from 'node:worker_threads';

const SERVER_SOURCE = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
// /gate/<name>/<n>: held until n requests of that name are open at once (or 5 s pass), then each answers how many were.
const gates = new Map();
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url, 'http://x');
    const status = /^\\/status\\/(\\d+)$/.exec(url.pathname);
    const bytes = /^\\/bytes\\/(\\d+)$/.exec(url.pathname);
    const redirect = /^\\/redirect\\/(\\d+)$/.exec(url.pathname);
    const gate = /^\\/gate\\/(\\w+)\\/(\\d+)$/.exec(url.pathname);
    if (gate) {
      const waiting = gates.get(gate[1]) || [];
      gates.set(gate[1], waiting);
      const release = () => {
        const all = waiting.splice(0);
        for (const r of all) r.end(JSON.stringify({ together: all.length }));
      };
      waiting.push(res);
      if (waiting.length >= Number(gate[2])) release();
      else if (waiting.length === 1) setTimeout(release, 5000);
    } else if (redirect) {
      res.writeHead(Number(redirect[1]), { Location: url.searchParams.get('to') });
      res.end();
    } else if (status) {
      res.writeHead(Number(status[1]), { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'status ' + status[1], detail: 'x'.repeat(300) }));
    } else if (bytes) {
      const n = Number(bytes[1]);
      const head = { 'Content-Type': 'text/plain' };
      if (url.searchParams.has('declared')) head['Content-Length'] = String(n);
      res.writeHead(200, head);
      const block = Buffer.alloc(1024 * 1024, 120);
      let left = n;
      const pump = () => {
        while (left > 0) {
          const part = block.subarray(0, Math.min(left, block.length));
          left -= part.length;
          if (!res.write(part)) return res.once('drain', pump);
        }
        res.end();
      };
      pump();
    } else if (url.pathname === '/headers') {
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.setHeader('X-Request-Id', 'r-1');
      res.end('ok');
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ method: req.method, path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }));
    }
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => server.close(() => process.exit(0)));
`;

export interface OffThreadServer {
  url: string;
  close(): Promise<void>;
}

export function startOffThreadServer(): Promise<OffThreadServer> {
  const worker = new Worker(SERVER_SOURCE, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (port: number) =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: async () => void (await worker.terminate()),
      }),
    );
  });
}
