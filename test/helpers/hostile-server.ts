/** A loopback node:http server for hostile-server tests: the test writes raw answers, and the server counts what it sent and saw. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type HostileHandler = (req: HostileRequest, res: ServerResponse) => void;

export interface HostileServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: HostileRequest[];
  /** Body bytes written by `pour` so far. */
  readonly bytesSent: number;
  /** Connections the client closed before an answer ended. */
  readonly clientClosed: number;
  handle(handler: HostileHandler): void;
  /** Writes `chunk` again and again while the client reads, until it goes away (or `maxBytes` are out; then the answer ends). */
  pour(res: ServerResponse, chunk: string, maxBytes?: number): void;
  close(): Promise<void>;
}

export async function startHostileServer(): Promise<HostileServer> {
  let handler: HostileHandler = (_req, res) => {
    res.writeHead(404);
    res.end();
  };
  const requests: HostileRequest[] = [];
  let bytesSent = 0;
  let clientClosed = 0;
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const record: HostileRequest = {
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://x').pathname,
        headers: req.headers,
        body: Buffer.concat(parts).toString('utf8'),
      };
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) clientClosed++;
      });
      handler(record, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const pour = (res: ServerResponse, chunk: string, maxBytes = Infinity): void => {
    const bytes = Buffer.from(chunk, 'utf8');
    const more = (): void => {
      while (!res.destroyed && bytesSent < maxBytes) {
        bytesSent += bytes.length;
        if (!res.write(bytes)) {
          res.once('drain', more);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    more();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get bytesSent() {
      return bytesSent;
    },
    get clientClosed() {
      return clientClosed;
    },
    handle: (h) => {
      handler = h;
    },
    pour,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
