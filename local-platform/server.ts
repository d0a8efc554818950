/**
 * startPlatform: the local platform's HTTP server (control plane, query API, metadata) over the control plane's DuckDB
 * database, with the warehouse in a query engine process of its own.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REQUEST_ID_HEADER } from '../src/core/wire/wire-names';
import type { PlatformContext, RequestContext } from './context';
import { answerPreflight, applyCors, DEFAULT_ORIGINS, refusedOrigin } from './cors';
import { ControlDb, openDatabase, WAREHOUSE_FILE } from './database';
import { loadDeploymentDirectory } from './deployments';
import { resolveDevKeys, type DevKeys } from './dev-credentials';
import { FAULT_HEADER, NO_FAULTS, parseControlFaults } from './faults';
import { hostAllowed, hostRefusedMessage, isLoopbackName } from './host-check';
import { HttpError, sendError, sendJson } from './http-io';
import { buildOpenApi } from './openapi';
import type { UserView } from './report-view';
import { ROUTES } from './route-table';
import { matchRoute } from './router';
import { seedIfEmpty } from './seed';
import { resolveSigningSecret } from './signing-secret';
import { createStateTables } from './state-schema';
import { WAREHOUSE_TABLES } from './warehouse/generate-data';
import { DEFAULT_CONTINUE_WAIT_HOLD_MS } from './warehouse/sql-endpoint';
import type { QueryLimits } from './warehouse/query-limits';
import { DEFAULT_ROWS, DEFAULT_SEED, startWarehouse, type Warehouse } from './warehouse/warehouse';

/** How long an idle keep-alive connection stays open (close() ends them at once). */
const KEEP_ALIVE_MS = 65_000;

export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '.data');
export const DEFAULT_HOST = '127.0.0.1';

export interface PlatformOptions {
  /** 0 picks a free port. */
  port: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** In-memory database (tests); otherwise `<dataDir>/platform.duckdb`. */
  memory?: boolean;
  dataDir?: string;
  /** Number of orders in the sample warehouse (default 100,000). */
  rows?: number;
  seed?: number;
  /** Honour the `x-fault` request header. */
  faults?: boolean;
  /** Origins allowed by CORS (a request from any other is refused); default https://localhost:3000 and http://localhost:3000. */
  origins?: readonly string[];
  /** Host header names answered besides loopback ones (`name` or `name:port`); the listen host is added when it is an address. */
  allowedHosts?: readonly string[];
  /** How long a query runs before `throwContinueWait` answers Continue wait (default 10 s). */
  continueWaitHoldMs?: number;
  /** Limits of the query API (memory, threads, time, SQL size, admission); defaults in query-limits.ts. */
  queryLimits?: Partial<QueryLimits>;
  /** Dev API keys; default from SVC_DEV_*_KEY or dev-admin-key / dev-editor-key / dev-viewer-key. */
  keys?: Partial<DevKeys>;
  /** Clock in epoch ms (tests of token expiry); default Date.now. */
  now?: () => number;
  /** Called once per answered request (the CLI logs it). */
  onRequest?: (entry: { method: string; path: string; status: number; ms: number }) => void;
}

export interface RunningPlatform {
  /** Base URL, e.g. http://127.0.0.1:4100 (the tenant URL: the control plane is `${url}/api/v1`). */
  url: string;
  /** The control plane's database file, or `:memory:`. */
  database: string;
  /** The warehouse's database file (queries run there, sandboxed, in the engine process), or `:memory:`. */
  warehouseDatabase: string;
  /** The query engine process's id (it holds the warehouse; tests and the bench watch it). */
  enginePid(): number;
  keys: DevKeys;
  close(): Promise<void>;
}

/** Who may call: the Host names answered on the server's port, and the CORS origins. */
interface Guard {
  port: number;
  hosts: readonly string[];
  origins: ReadonlySet<string>;
}

async function dispatch(req: IncomingMessage, res: ServerResponse, platform: PlatformContext, guard: Guard): Promise<void> {
  const { origins } = guard;
  const requestId = req.headers[REQUEST_ID_HEADER];
  if (typeof requestId === 'string') res.setHeader(REQUEST_ID_HEADER, requestId);
  if (!hostAllowed(req.headers.host, guard.port, guard.hosts)) throw new HttpError(403, hostRefusedMessage(req.headers.host));
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://local');
  } catch {
    throw new HttpError(400, 'The request target is not a valid URL path.');
  }
  applyCors(req, res, origins);
  if (req.method === 'OPTIONS') {
    answerPreflight(req, res, origins);
    return;
  }
  const refused = refusedOrigin(req, origins);
  if (refused !== null) throw new HttpError(403, refused);
  if (url.pathname === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
    sendJson(res, 200, { status: 'ok' });
    return;
  }
  const match = matchRoute(ROUTES, req.method ?? 'GET', url.pathname);
  if (match.kind === 'not-found') throw new HttpError(404, `No route for ${req.method ?? 'GET'} ${url.pathname}.`);
  if (match.kind === 'method-not-allowed') {
    throw new HttpError(405, `${req.method ?? ''} is not allowed on ${url.pathname}; use ${match.allow.join(' or ')}.`, undefined, {
      Allow: match.allow.join(', '),
    });
  }
  const route = match.route as (typeof ROUTES)[number];
  const faults = platform.faultsEnabled && route.faults !== 'none' ? parseControlFaults(req.headers[FAULT_HEADER]) : NO_FAULTS;
  if (route.faults === 'all' && faults.delayMs > 0) await sleep(faults.delayMs);
  if (faults.status !== null) throw new HttpError(faults.status, `Injected fault: status ${faults.status} (x-fault header).`);
  const ctx: RequestContext = { req, res, params: match.params, query: url.searchParams, faults, platform };
  const reply = await route.handler(ctx);
  if (reply) sendJson(res, reply.status, reply.body);
}

export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const keys = resolveDevKeys(options.keys, process.env);
  const memory = options.memory ?? false;
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  // The engine process starts (and generates the warehouse) while the control plane opens.
  const warehouseStarting = startWarehouse({
    memory,
    dataDir,
    rows: options.rows ?? DEFAULT_ROWS,
    seed: options.seed ?? DEFAULT_SEED,
    ...(options.queryLimits ? { limits: options.queryLimits } : {}),
  });
  warehouseStarting.catch(() => undefined);
  let opened;
  try {
    opened = await openDatabase({ memory, dataDir });
  } catch (e) {
    await warehouseStarting.then((w) => w.close()).catch(() => undefined);
    throw e;
  }
  const { instance, location } = opened;
  const db = new ControlDb(await instance.connect());
  let server: http.Server | undefined;
  let warehouse: Warehouse | undefined;
  try {
    const { users, deployments } = await db.transaction(async (sql) => {
      // The warehouse lived in this database before it got its own: drop those tables.
      for (const table of WAREHOUSE_TABLES) await sql.run(`DROP TABLE IF EXISTS main.${table}`);
      await createStateTables(sql);
      await seedIfEmpty(sql);
      const userRows = await sql.all('SELECT id, email, first_name, picture FROM control.users ORDER BY id');
      const directory = new Map<number, UserView>(
        userRows.map((u) => [
          Number(u.id),
          {
            id: Number(u.id),
            email: String(u.email),
            firstName: String(u.first_name),
            picture: u.picture === null ? null : String(u.picture),
          },
        ]),
      );
      return { users: directory, deployments: await loadDeploymentDirectory(sql) };
    });
    const started = await warehouseStarting;
    warehouse = started;

    let baseUrl = '';
    let spec: unknown = null;
    const platform: PlatformContext = {
      db,
      keys,
      jwtSecret: resolveSigningSecret({ memory, dataDir }, process.env),
      users,
      deployments,
      warehouse: started,
      now: options.now ?? Date.now,
      url: () => baseUrl,
      faultsEnabled: options.faults ?? false,
      continueWaitHoldMs: options.continueWaitHoldMs ?? DEFAULT_CONTINUE_WAIT_HOLD_MS,
      spec: () => spec,
    };
    const host = options.host ?? DEFAULT_HOST;
    const guard: Guard = {
      port: 0,
      hosts: [...(options.allowedHosts ?? []), ...(host === '0.0.0.0' || host === '::' || isLoopbackName(host) ? [] : [host])],
      origins: new Set(options.origins ?? DEFAULT_ORIGINS),
    };

    const srv = http.createServer((req, res) => {
      const started = performance.now();
      res.on('finish', () =>
        options.onRequest?.({ method: req.method ?? '', path: req.url ?? '', status: res.statusCode, ms: performance.now() - started }),
      );
      dispatch(req, res, platform, guard).catch((e: unknown) => {
        const error = e instanceof HttpError ? e : new HttpError(500, `Internal error: ${e instanceof Error ? e.message : String(e)}`);
        if (res.headersSent) res.destroy(e instanceof Error ? e : undefined);
        else sendError(res, error);
      });
    });
    // Idle keep-alive sockets outlive every client's own idle timeout (undici's 4 s, browsers' longer ones): a server that
    // closes first races a client sending its next request on that socket, which then fails as "other side closed".
    srv.keepAliveTimeout = KEEP_ALIVE_MS;
    srv.headersTimeout = KEEP_ALIVE_MS + 1_000;
    server = srv;
    await new Promise<void>((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(options.port, host, () => {
        srv.off('error', reject);
        resolve();
      });
    });
    const { port } = srv.address() as AddressInfo;
    guard.port = port;
    const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    baseUrl = `http://${urlHost}:${port}`;
    spec = buildOpenApi(ROUTES, baseUrl);

    let closing: Promise<void> | null = null;
    return {
      url: baseUrl,
      database: location,
      warehouseDatabase: memory ? ':memory:' : path.join(dataDir, WAREHOUSE_FILE),
      enginePid: () => started.queries.engine.pid,
      keys,
      close: () => {
        closing ??= (async () => {
          const stopped = new Promise<void>((resolve) => srv.close(() => resolve()));
          srv.closeAllConnections();
          // The engine process is killed, whatever its queries do: nothing waits for them.
          await started.close();
          await stopped;
          await db.close();
          instance.closeSync();
        })();
        return closing;
      },
    };
  } catch (e) {
    server?.close();
    await (warehouse ?? (await warehouseStarting.catch(() => undefined)))?.close();
    await db.close().catch(() => undefined);
    instance.closeSync();
    throw e;
  }
}
