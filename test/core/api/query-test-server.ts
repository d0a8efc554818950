/** An in-process HTTP query server, a hand-moved clock and stream helpers for the QueryClient tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../../src/core/runtime/clock';

export const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTEiLCJpYXQiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLWJ5dGVz';
export const API_KEY = 'sk_live_4f9a2b7c1d';
export const HEADER = {
  schema: [
    { name: 'orders.status', column_type: 'String' },
    { name: 'orders.count', column_type: 'Int64' },
  ],
};
export const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: Seen, res: http.ServerResponse, index: number) => void | Promise<void>;

/** A node:http server on port 0 that records every request and hands it to the test's handler. */
export class TestServer {
  readonly seen: Seen[] = [];
  private server: http.Server | undefined;
  handler: Handler = (_req, res) => {
    res.writeHead(500);
    res.end();
  };

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        const seen: Seen = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(parts).toString('utf8'),
        };
        this.seen.push(seen);
        void Promise.resolve(this.handler(seen, res, this.seen.length - 1)).catch(() => res.destroy());
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A clock the test moves by hand; sleeps are recorded and advance it instantly. */
export class FakeClock implements Clock {
  t = 1_000_000;
  readonly sleeps: number[] = [];
  now(): number {
    return this.t;
  }
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.t += ms;
  }
}

/** Deterministic random source cycling through the given values. */
export function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}

export function okStream(res: http.ServerResponse, ...lines: unknown[]): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(lines.map(line).join(''));
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
