/**
 * The query sandbox: the DuckDB settings locked on the warehouse's own instance before any user SQL runs, and the
 * catalogue and state functions a query may not name (the warehouse holds no control data; this keeps its internals out too).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { engineLimitSettings, type QueryLimits } from './query-limits';
import { identifierName, isSignificant, tokenize } from './sql-tokenizer';

/**
 * Global settings of the warehouse instance, in order: no files, URLs or databases outside it, no extension installed
 * or loaded on demand, then the configuration locked (only the session TimeZone, which every query connection sets,
 * stays changeable, and only a SET can change it: the query API runs nothing but SELECT).
 */
export const SANDBOX_SETTINGS: readonly string[] = [
  'SET enable_external_access = false',
  'SET autoinstall_known_extensions = false',
  'SET autoload_known_extensions = false',
  'SET allow_community_extensions = false',
  "SET allowed_configs = ['TimeZone']",
  'SET lock_configuration = true',
];

/**
 * Applies the engine limits of `limits`, then SANDBOX_SETTINGS (global: they hold for every later connection of the
 * instance, and the lock keeps a query from raising the limits); an instance already locked stays as it is.
 */
export async function lockQuerySandbox(conn: DuckDBConnection, limits: QueryLimits): Promise<void> {
  const locked = (await conn.runAndReadAll("SELECT current_setting('lock_configuration') AS v")).getRowObjects()[0]?.v;
  if (locked === true) return;
  for (const sql of [...engineLimitSettings(limits), ...SANDBOX_SETTINGS]) await conn.run(sql);
}

/** Catalogue names a query may not use in any position (schemas and system views). */
const REFUSED_NAMES: ReadonlySet<string> = new Set([
  'information_schema',
  'pg_catalog',
  'pg_settings',
  'sqlite_master',
  'sqlite_schema',
  'sqlite_temp_master',
]);
/** Prefixes of DuckDB's catalogue functions and views (`duckdb_tables`, `pragma_database_list`), refused in any position. */
const REFUSED_PREFIXES: readonly string[] = ['duckdb_', 'pragma_'];
/** Functions refused when called (the same word as a column alias stays usable): settings, sequences, SQL from a string. */
export const REFUSED_FUNCTIONS: ReadonlySet<string> = new Set([
  'current_setting',
  'getenv',
  'nextval',
  'currval',
  'setseed',
  'query',
  'query_table',
  'which_secret',
]);

/** The first name in `sql` the sandbox refuses, or null. Literals and comments are not names. */
export function refusedName(sql: string): string | null {
  const tokens = tokenize(sql).filter(isSignificant);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const name = identifierName(token)?.toLowerCase();
    if (name === undefined) continue;
    if (REFUSED_NAMES.has(name) || REFUSED_PREFIXES.some((p) => name.startsWith(p))) return name;
    if (REFUSED_FUNCTIONS.has(name) && tokens[i + 1]?.text === '(') return name;
  }
  return null;
}

/** The error text of a refused name. */
export function refusedNameMessage(name: string): string {
  return `"${name}" is not available to queries: the query API reads the sample warehouse's model and nothing else.`;
}
