/** Parses `npm run platform -- --port 4100 [--data DIR | --memory] [--rows N] [--faults] ...` into startPlatform options. */
import { PRODUCT_PREFIX } from '../src/core/wire/wire-names';
import { ALLOWED_HOSTS_ENV, splitList } from './host-check';
import type { PlatformOptions } from './server';
import { checkSize } from './warehouse/query-limits';

/** Comma-separated CORS origins from the environment: SVC_DEV_ORIGINS. */
export const ORIGINS_ENV = `${PRODUCT_PREFIX.toUpperCase()}_DEV_ORIGINS`;

export const USAGE = `Usage: npm run platform -- [options]
  --port N             port to listen on (default 4100; 0 picks a free one)
  --host H             interface to listen on (default 127.0.0.1)
  --data DIR           directory of the database file platform.duckdb (default .data/ in the repo)
  --memory             keep everything in memory (nothing survives a restart)
  --rows N             orders in the sample warehouse (default 100000)
  --seed N             seed of the sample data (default 42)
  --faults             honour the x-fault request header
  --origins A,B        CORS origins; a request from any other origin is refused
                       (default https://localhost:3000,http://localhost:3000; env ${ORIGINS_ENV})
  --allowed-hosts A,B  Host names answered besides localhost, 127.0.0.0/8 and [::1] (name or name:port; env ${ALLOWED_HOSTS_ENV})
  --hold-ms N          query time before throwContinueWait answers Continue wait (default 10000)
  --query-time-limit S engine seconds a query may run before it is stopped (default 120)
  --engine-memory SIZE address space of the query engine process, OS-enforced (default 3GB; 0B: none)
  --query-memory SIZE  DuckDB memory limit all queries share, e.g. 1GB (default 1.5GB)
  --query-threads N    threads the query engine uses (default: the machine's cores)
  --quiet              do not log requests
  --help`;

export type CliOptions = PlatformOptions & { quiet: boolean; help: boolean };

function intArg(name: string, value: string | undefined, min: number): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < min) {
    throw new Error(`${name} needs an integer of at least ${min} (got ${value ?? 'nothing'}).\n\n${USAGE}`);
  }
  return Number(value);
}

function sizeArg(name: string, value: string | undefined): string {
  try {
    return checkSize(name, value ?? '');
  } catch (e) {
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`, { cause: e });
  }
}

export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  const options: CliOptions = { port: 4100, quiet: false, help: false };
  const envOrigins = env[ORIGINS_ENV];
  if (envOrigins) options.origins = splitList(envOrigins);
  const envHosts = env[ALLOWED_HOSTS_ENV];
  if (envHosts) options.allowedHosts = splitList(envHosts);
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] ?? '';
    const eq = raw.indexOf('=');
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    const inline = eq > 0 ? raw.slice(eq + 1) : undefined;
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--port':
        options.port = intArg('--port', value(), 0);
        break;
      case '--host':
        options.host = value();
        break;
      case '--data':
        options.dataDir = value();
        break;
      case '--memory':
        options.memory = true;
        break;
      case '--rows':
        options.rows = intArg('--rows', value(), 0);
        break;
      case '--seed':
        options.seed = intArg('--seed', value(), 0);
        break;
      case '--faults':
        options.faults = true;
        break;
      case '--origins':
        options.origins = splitList(value());
        break;
      case '--allowed-hosts':
        options.allowedHosts = splitList(value());
        break;
      case '--hold-ms':
        options.continueWaitHoldMs = intArg('--hold-ms', value(), 0);
        break;
      case '--query-time-limit':
        options.queryLimits = { ...options.queryLimits, timeLimitMs: intArg('--query-time-limit', value(), 1) * 1000 };
        break;
      case '--query-memory':
        options.queryLimits = { ...options.queryLimits, memoryLimit: sizeArg('--query-memory', value()) };
        break;
      case '--engine-memory':
        options.queryLimits = { ...options.queryLimits, engineMemory: sizeArg('--engine-memory', value()) };
        break;
      case '--query-threads':
        options.queryLimits = { ...options.queryLimits, threads: intArg('--query-threads', value(), 1) };
        break;
      case '--quiet':
        options.quiet = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`Unknown option ${raw}.\n\n${USAGE}`);
    }
  }
  if (options.memory && options.dataDir !== undefined) throw new Error(`--data and --memory exclude each other.\n\n${USAGE}`);
  return options;
}
