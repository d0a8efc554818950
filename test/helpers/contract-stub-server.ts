/** An in-process node:http stub of the platform for contract tests: scripted replies, recorded requests, dropped or hung connections. */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type StubReply =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  /** Close the connection without an answer (a network failure for the client). */
  | { drop: true }
  /** Never answer (until the server closes). */
  | { hang: true };

export type StubHandler = (req: StubRequest) => StubReply | Promise<StubReply>;

export interface StubServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: StubRequest[];
  handle(handler: StubHandler): void;
  close(): Promise<void>;
}

export async function startStubServer(handler: StubHandler = () => ({ status: 404, json: { error: 'no handler' } })): Promise<StubServer> {
  let current = handler;
  const requests: StubRequest[] = [];
  const hung = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const record: StubRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(record);
      void Promise.resolve(current(record)).then(
        (reply) => {
          if ('drop' in reply) {
            req.socket.destroy();
            return;
          }
          if ('hang' in reply) {
            hung.add(res);
            return;
          }
          const body = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
          res.writeHead(reply.status, { 'Content-Type': reply.text === undefined ? 'application/json' : 'text/plain', ...reply.headers });
          res.end(body);
        },
        (e: unknown) => {
          res.writeHead(599, { 'Content-Type': 'text/plain' });
          res.end(`stub handler threw: ${String(e)}`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (h) => {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hung) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Replies from a fixed script, one per request in order; requests beyond the script get the last reply. */
export function scripted(...replies: StubReply[]): StubHandler {
  let i = 0;
  return () => {
    const reply = replies[Math.min(i, replies.length - 1)];
    i++;
    if (reply === undefined) throw new Error('empty script');
    return reply;
  };
}
