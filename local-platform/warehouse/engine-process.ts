/**
 * The server's side of the query engine process (engine-main.ts): spawned under an address-space limit (`ulimit -v`,
 * which Linux enforces: an allocation past it fails inside DuckDB as out of memory, or ends the engine), with a libuv
 * pool of its own sized to the queries admitted at once. Requests of a query are answered in turn; when the engine
 * dies, every query it ran fails with a clear message and a new engine starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { engineScript } from './engine-bundle';
import { engineReplySchema, type EngineBatch, type EngineOptions, type EngineReply, type EngineRequest } from './engine-protocol';
import type { ColumnType } from '../../src/core/wire/schemas';

/** How long the engine may take to exit once killed before close() stops waiting for it. */
const EXIT_WAIT_MS = 1000;
/** Bytes of the engine's standard error kept to say why it died. */
const STDERR_TAIL = 2000;

export interface EngineProcessOptions extends EngineOptions {
  /** Address space the engine process may map, in bytes (0: no limit). */
  addressSpaceBytes: number;
  /** Threads of the engine's libuv pool: each query running on DuckDB holds one. */
  poolThreads: number;
}

/** The engine died (or was closed) while a query ran on it. */
export class EngineStopped extends Error {
  constructor(why: string) {
    super(
      `The query engine stopped while it ran this query (${why}); the platform restarted it. ` +
        'Narrow the query (filters, fewer groups, smaller values) and run it again.',
    );
    this.name = 'EngineStopped';
  }
}

export interface OpenedReply {
  names: string[];
  columnTypes: ColumnType[];
  batch: EngineBatch;
}

interface Pending {
  resolve: (reply: EngineReply) => void;
  reject: (e: Error) => void;
}

/** One spawned engine: its process, its requests waiting for an answer, and its standard error's tail. */
interface Generation {
  child: ChildProcess;
  pending: Map<number, Pending>;
  ready: Promise<{ lastRefreshTime: string; generated: boolean }>;
  exited: Promise<void>;
  stderr: string;
  /** It answered `ready` once (a death after that restarts the engine). */
  wasReady: boolean;
  dead: boolean;
  /** Fails `ready` (a no-op once it resolved). */
  fail: (e: Error) => void;
}

/** The command running `script` under the address-space limit. */
function command(script: string, options: EngineProcessOptions): { file: string; args: string[] } {
  const node = [process.execPath, script, JSON.stringify(engineOptionsOf(options))];
  if (options.addressSpaceBytes <= 0 || process.platform === 'win32') return { file: node[0]!, args: node.slice(1) };
  const kib = Math.max(1, Math.floor(options.addressSpaceBytes / 1024));
  // A system that refuses the limit still runs the engine (the README says where it holds).
  return { file: '/bin/sh', args: ['-c', `ulimit -v ${kib} 2>/dev/null; exec "$0" "$@"`, ...node] };
}

function engineOptionsOf(options: EngineProcessOptions): EngineOptions {
  const { addressSpaceBytes: _a, poolThreads: _p, ...engine } = options;
  return engine;
}

export class EngineProcess {
  private current: Generation;
  private nextId = 1;
  private closing = false;
  /** The queries of each generation (a query id belongs to the engine that started it). */
  private readonly owner = new Map<number, Generation>();

  private constructor(
    private readonly options: EngineProcessOptions,
    private readonly script: string,
  ) {
    this.current = this.spawn();
  }

  /** Starts the engine and waits until it has opened the warehouse; throws the engine's message when it cannot. */
  static async start(options: EngineProcessOptions): Promise<{ engine: EngineProcess; lastRefreshTime: string; generated: boolean }> {
    const engine = new EngineProcess(options, engineScript());
    try {
      return { engine, ...(await engine.current.ready) };
    } catch (e) {
      await engine.close();
      throw e;
    }
  }

  /** The engine's process id (tests and the bench watch it). */
  get pid(): number {
    return this.current.child.pid ?? -1;
  }

  /** A fresh query id. */
  newId(): number {
    return this.nextId++;
  }

  /** Starts query `id`: its columns and first batch. */
  async open(id: number, sql: string, timezone: string): Promise<OpenedReply> {
    const reply = await this.request({ op: 'start', id, sql, timezone });
    if (reply.op !== 'opened') throw new Error('The query engine answered out of turn.');
    return { names: reply.names, columnTypes: reply.columnTypes, batch: reply.batch };
  }

  /** The next batch of query `id`. */
  async next(id: number): Promise<EngineBatch> {
    const reply = await this.request({ op: 'next', id });
    if (reply.op !== 'rows') throw new Error('The query engine answered out of turn.');
    return reply.batch;
  }

  /** Interrupts what the engine runs for query `id`. */
  interrupt(id: number): void {
    this.post(id, { op: 'interrupt', id });
  }

  /** Lets query `id` go: interrupted and its connection closed once the engine lets go. */
  release(id: number): void {
    this.post(id, { op: 'close', id });
    this.owner.delete(id);
  }

  /** Kills the engine (nothing on it needs saving: queries only read) and waits, briefly, until it is gone. */
  async close(): Promise<void> {
    this.closing = true;
    const { child, exited } = this.current;
    child.kill('SIGKILL');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, EXIT_WAIT_MS).unref())]);
  }

  private request(request: EngineRequest & { op: 'start' | 'next' }): Promise<EngineReply> {
    if (request.op === 'start') this.owner.set(request.id, this.current);
    const generation = this.owner.get(request.id);
    if (generation === undefined || generation !== this.current || generation.dead) {
      return Promise.reject(new EngineStopped(this.closing ? 'the platform is stopping' : 'it was restarted'));
    }
    return new Promise<EngineReply>((resolve, reject) => {
      generation.pending.set(request.id, { resolve, reject });
      void generation.ready.then(
        () => {
          if (generation.child.connected) generation.child.send(request);
        },
        (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))),
      );
    });
  }

  private post(id: number, request: EngineRequest): void {
    const generation = this.owner.get(id);
    if (generation === undefined || generation.dead) return;
    void generation.ready.then(
      () => {
        if (generation.child.connected) generation.child.send(request);
      },
      () => undefined,
    );
  }

  private spawn(): Generation {
    const { file, args } = command(this.script, this.options);
    const child = spawn(file, args, {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Few malloc arenas: glibc reserves 64 MB of address space for each, which the limit would count.
      env: { ...process.env, UV_THREADPOOL_SIZE: String(this.options.poolThreads), MALLOC_ARENA_MAX: '2' },
    });
    let readyResolve: (v: { lastRefreshTime: string; generated: boolean }) => void = () => undefined;
    let readyReject: (e: Error) => void = () => undefined;
    const ready = new Promise<{ lastRefreshTime: string; generated: boolean }>((resolve, reject) => {
      readyResolve = resolve;
      readyReject = reject;
    });
    ready.catch(() => undefined);
    const generation: Generation = {
      child,
      pending: new Map(),
      ready,
      exited: Promise.resolve(),
      stderr: '',
      wasReady: false,
      dead: false,
      fail: (e) => readyReject(e),
    };
    generation.exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      generation.stderr = (generation.stderr + text).slice(-STDERR_TAIL);
    });
    child.on('message', (raw: unknown) => {
      const parsed = engineReplySchema.safeParse(raw);
      if (!parsed.success) return;
      const reply = parsed.data;
      if (reply.op === 'ready') {
        generation.wasReady = true;
        return readyResolve({ lastRefreshTime: reply.lastRefreshTime, generated: reply.generated });
      }
      if (reply.op === 'fatal') return readyReject(new Error(reply.message));
      const waiting = generation.pending.get(reply.id);
      if (waiting === undefined) return;
      generation.pending.delete(reply.id);
      if (reply.op === 'failed') waiting.reject(new Error(reply.message));
      else waiting.resolve(reply);
    });
    child.on('error', (e) => readyReject(e));
    child.once('exit', (code, signal) => this.died(generation, code, signal));
    return generation;
  }

  /** Fails what the dead engine ran and, unless the server is closing, starts another. */
  private died(generation: Generation, code: number | null, signal: NodeJS.Signals | null): void {
    const why = this.closing ? 'the platform is stopping' : reasonOf(code, signal, generation.stderr);
    const error = new EngineStopped(why);
    generation.dead = true;
    // A start that never became ready (a locked file) fails with the engine's last words.
    generation.fail(new Error(`The query engine did not start (${why}): ${generation.stderr.trim()}`));
    for (const waiting of generation.pending.values()) waiting.reject(error);
    generation.pending.clear();
    for (const [id, owner] of this.owner) if (owner === generation) this.owner.delete(id);
    if (!this.closing && generation === this.current && generation.wasReady) this.current = this.spawn();
  }
}

/** Why the engine ended, in words: out of memory when its last words or the signal say so. */
function reasonOf(code: number | null, signal: NodeJS.Signals | null, stderr: string): string {
  if (/out of memory|bad_alloc|allocation failed|Cannot allocate/i.test(stderr)) return 'it ran out of memory';
  if (signal !== null) return `it was ended by ${signal}`;
  return `it exited with code ${String(code)}`;
}
