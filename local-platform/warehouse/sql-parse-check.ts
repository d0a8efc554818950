/**
 * The sandbox's decisive check: DuckDB's own parse of the query (`json_serialize_sql` on a parser-only instance that
 * holds no data) walked for every function it calls and every table it reads, so no comment or quoting trick changes
 * what is checked; the tokenizer denylist (query-sandbox.ts) stays only as a fast first refusal.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { REFUSED_FUNCTIONS } from './query-sandbox';

/**
 * Functions a query may not call: the tokenizer's first refusals (catalogue, settings, sequences, SQL from a string,
 * secrets) and files in any directory, checkpoints, serialized SQL and logging.
 */
const REFUSED_CALLS: ReadonlySet<string> = new Set([
  ...REFUSED_FUNCTIONS,
  'glob',
  'sniff_csv',
  'sqlite_temp_master',
  'checkpoint',
  'force_checkpoint',
  'json_execute_serialized_sql',
  'sql_auto_complete',
  'enable_logging',
  'disable_logging',
]);
/** Prefixes of refused function families: catalogue views, pragmas, file readers and scanners. */
const REFUSED_PREFIXES: readonly string[] = ['duckdb_', 'pragma_', 'read_', 'parquet_', 'iceberg_', 'delta_', 'arrow_'];

/** Table references that read something other than a table: SHOW, DESCRIBE and SUMMARIZE read the catalogue. */
const REFUSED_TABLE_REFS: ReadonlySet<string> = new Set(['SHOW_REF']);

const serializedSchema = z.object({
  error: z.boolean(),
  error_type: z.string().optional(),
  error_message: z.string().optional(),
  statements: z.array(z.unknown()).optional(),
});

/** What a parse names: functions called, tables read (schema-qualified), CTE names defined, table-reference kinds. */
export interface ParsedNames {
  functions: Set<string>;
  tables: Array<{ catalog: string; schema: string; name: string }>;
  ctes: Set<string>;
  tableRefTypes: Set<string>;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Walks a serialized parse tree without recursion (a long UNION ALL nests thousands deep). */
export function namesOf(tree: unknown): ParsedNames {
  const names: ParsedNames = { functions: new Set(), tables: [], ctes: new Set(), tableRefTypes: new Set() };
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const obj = node as Record<string, unknown>;
    if (typeof obj.function_name === 'string') names.functions.add(obj.function_name.toLowerCase());
    if (obj.type === 'BASE_TABLE' && typeof obj.table_name === 'string') {
      names.tables.push({ catalog: text(obj.catalog_name), schema: text(obj.schema_name), name: obj.table_name });
    }
    if (typeof obj.type === 'string' && obj.type.endsWith('_REF')) names.tableRefTypes.add(obj.type);
    const cteMap = obj.cte_map;
    if (typeof cteMap === 'object' && cteMap !== null) {
      const entries = (cteMap as { map?: unknown }).map;
      if (Array.isArray(entries)) {
        for (const e of entries) {
          const key = (e as { key?: unknown } | null)?.key;
          if (typeof key === 'string') names.ctes.add(key.toLowerCase());
        }
      }
    }
    for (const value of Object.values(obj)) if (typeof value === 'object' && value !== null) stack.push(value);
  }
  return names;
}

/** The refusal of a function name, or null. */
function refusedFunction(name: string): string | null {
  return REFUSED_CALLS.has(name) || REFUSED_PREFIXES.some((p) => name.startsWith(p)) ? name : null;
}

const unavailable = (name: string): string =>
  `"${name}" is not available to queries: the query API reads the sample warehouse's model and nothing else.`;

/**
 * Parses `sql` on `parser` (a connection of an instance holding nothing) and answers why it is refused, or null when it
 * calls no refused function and reads only `tables` (lower-case names) and its own CTEs.
 */
export async function refusalByParse(parser: DuckDBConnection, sql: string, tables: ReadonlySet<string>): Promise<string | null> {
  let count: number;
  try {
    count = (await parser.extractStatements(sql)).count;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  if (count === 0) return 'Empty query';
  if (count > 1) return 'Only one statement per query is supported';
  const reader = await parser.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR) AS j', [sql]);
  const raw = reader.getRowObjects()[0]?.j;
  const parsed = serializedSchema.safeParse(JSON.parse(typeof raw === 'string' ? raw : '{"error":true}'));
  if (!parsed.success) return 'The query could not be checked; it was not run.';
  const serialized = parsed.data;
  if (serialized.error) {
    if (serialized.error_type === 'parser') return `Parser Error: ${serialized.error_message ?? 'syntax error'}`;
    return 'Only SELECT queries are supported (a plain SELECT, WITH or FROM query).';
  }
  const names = namesOf(serialized.statements);
  for (const name of names.functions) if (refusedFunction(name) !== null) return unavailable(name);
  for (const type of names.tableRefTypes) {
    if (REFUSED_TABLE_REFS.has(type)) return 'SHOW, DESCRIBE and SUMMARIZE are not available to queries: select from the model instead.';
  }
  for (const t of names.tables) {
    const name = t.name.toLowerCase();
    const plain = t.catalog === '' && (t.schema === '' || t.schema === 'main' || t.schema === 'temp');
    if (!plain || !(tables.has(name) || names.ctes.has(name))) {
      return unavailable([t.catalog, t.schema, t.name].filter((p) => p !== '').join('.'));
    }
  }
  return null;
}
