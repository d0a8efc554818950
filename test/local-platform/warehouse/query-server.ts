/** Test helper: a node:http server routing POST to handleSqlQuery over an in-memory warehouse, and a client for it. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseQueryFaults } from '../../../local-platform/warehouse/query-faults';
import { handleSqlQuery, type SqlQueryContext } from '../../../local-platform/warehouse/sql-endpoint';
import type { QueryLimits } from '../../../local-platform/warehouse/query-limits';
import { startWarehouse, type Warehouse } from '../../../local-platform/warehouse/warehouse';

export const DEV_KEY = 'dev-key-analyst';
export const META_TOKEN = 'meta-sync-token';

export interface QueryServer {
  url: string;
  warehouse: Warehouse;
  /** Requests whose handler has not returned yet, and bytes the handlers wrote so far. */
  stats: { inFlight: number; bytesWritten: number };
  close(): Promise<void>;
}

export interface ServerOptions {
  rows?: number;
  seed?: number;
  continueWaitHoldMs?: number;
  /** Query limits of the warehouse (memory, time, SQL size, admission). */
  limits?: Partial<QueryLimits>;
  /** Context fields overriding the defaults (rowCap, maxRowsPerLine...). */
  context?: Partial<SqlQueryContext>;
}

/** Authorization as the platform does it: the dev key raw or after `Bearer`; the meta-sync token is refused. */
export function authorize(header: string | undefined): 'ok' | 'missing' | 'invalid' {
  if (header === undefined || header.trim() === '') return 'missing';
  const words = header.trim().split(/\s+/);
  const token = words.length === 1 ? words[0] : words.length === 2 && /^Bearer$/i.test(words[0] ?? '') ? words[1] : undefined;
  return token === DEV_KEY ? 'ok' : 'invalid';
}

export async function startQueryServer(options: ServerOptions = {}): Promise<QueryServer> {
  const warehouse = await startWarehouse({
    memory: true,
    dataDir: '',
    rows: options.rows ?? 2000,
    seed: options.seed ?? 42,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const stats = { inFlight: 0, bytesWritten: 0 };
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const write = res.write.bind(res) as (chunk: string, cb?: () => void) => boolean;
    res.write = ((chunk: string, cb?: () => void) => {
      stats.bytesWritten += Buffer.byteLength(chunk);
      return write(chunk, cb);
    }) as typeof res.write;
    const header = req.headers['x-fault'];
    stats.inFlight++;
    handleSqlQuery(req, res, {
      warehouse,
      deploymentId: '101',
      authorize,
      faults: parseQueryFaults(typeof header === 'string' ? header : undefined),
      continueWaitHoldMs: options.continueWaitHoldMs ?? 10_000,
      ...options.context,
    })
      .catch((e: unknown) => {
        res.destroy(e instanceof Error ? e : new Error(String(e)));
      })
      .finally(() => {
        stats.inFlight--;
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/svcjs-api/v1/svcsql`,
    warehouse,
    stats,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await warehouse.close();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** How the response ended: normally, or with the connection cut before the end. */
  aborted: boolean;
}

/** POSTs `body` (object, or raw text) and reads the whole response, noting a cut connection. */
export function post(url: string, body: unknown, headers: Record<string, string> = { Authorization: DEV_KEY }): Promise<RawResponse> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    // Each request on its own connection: a kept-alive socket the server closed meanwhile would read as ECONNRESET.
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      let aborted = false;
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('aborted', () => {
        aborted = true;
      });
      const finish = (): void =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), aborted });
      res.on('end', finish);
      res.on('error', () => {
        aborted = true;
        finish();
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Splits a stream body into lines, checking that every line ends with `\n`. */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  if (!text.endsWith('\n')) throw new Error(`stream does not end with a newline: ${JSON.stringify(text.slice(-80))}`);
  return text.slice(0, -1).split('\n');
}

export interface ParsedStream {
  header: { schema: Array<{ name: string; column_type: unknown }>; lastRefreshTime?: string };
  dataLines: unknown[][][];
  rows: unknown[][];
}

/** Parses a successful stream: header line, then data lines only. */
export function parseStream(text: string): ParsedStream {
  const lines = linesOf(text).map((l) => JSON.parse(l) as Record<string, unknown>);
  const [header, ...rest] = lines;
  if (header === undefined || !('schema' in header)) throw new Error(`no header line in ${text.slice(0, 200)}`);
  const dataLines = rest.map((l) => {
    if (!('data' in l)) throw new Error(`not a data line: ${JSON.stringify(l).slice(0, 200)}`);
    return l.data as unknown[][];
  });
  return { header: header as ParsedStream['header'], dataLines, rows: dataLines.flat() };
}

/** Runs a query (as `authorization`, default the dev key) and returns its parsed stream (fails on anything but a clean 200 stream). */
export async function queryRows(
  server: QueryServer,
  query: string,
  extra: Record<string, unknown> = {},
  authorization = DEV_KEY,
): Promise<ParsedStream> {
  const res = await post(server.url, { query, ...extra }, { Authorization: authorization });
  if (res.status !== 200) throw new Error(`status ${res.status}: ${res.text}`);
  return parseStream(res.text);
}
