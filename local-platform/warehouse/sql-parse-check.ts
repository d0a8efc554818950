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

/**
 * What a parse names: functions called, tables read (schema-qualified) that no CTE in scope at that place defines,
 * table-reference kinds.
 */
export interface ParsedNames {
  functions: Set<string>;
  tables: Array<{ catalog: string; schema: string; name: string }>;
  tableRefTypes: Set<string>;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The CTEs visible at one place of the tree: per enclosing WITH (innermost first), its names by position and how many
 * of them are visible there; a chain, so a WITH of n CTEs costs O(n) however many places see it.
 */
interface CteScope {
  names: ReadonlyMap<string, number>;
  visible: number;
  outer: CteScope | null;
}

function inScope(scope: CteScope | null, name: string): boolean {
  for (let s = scope; s !== null; s = s.outer) {
    const position = s.names.get(name);
    if (position !== undefined && position < s.visible) return true;
  }
  return false;
}

/** One place of the tree to walk, with the CTEs a table reference there resolves to. */
interface Pending {
  node: unknown;
  scope: CteScope | null;
}

/**
 * The entries of a query node's `cte_map` in the order written: name (null when the parse shows none, so the
 * definition is still walked) and definition; null when the map is not of that shape (then it is walked as it is).
 */
function cteEntries(cteMap: unknown): Array<{ name: string | null; definition: unknown }> | null {
  const entries = (cteMap as { map?: unknown } | null)?.map;
  if (!Array.isArray(entries)) return null;
  return entries.map((e: unknown) => {
    const { key, value } = (e ?? {}) as { key?: unknown; value?: unknown };
    return { name: typeof key === 'string' ? key.toLowerCase() : null, definition: value ?? e };
  });
}

/**
 * The children of `obj` to walk, each with its CTE scope, as DuckDB binds them: a query node's CTEs (its `cte_map`)
 * are visible in that node's body and each in the CTEs written after it, never in its own definition, in sibling or
 * outer queries; a recursive CTE (a RECURSIVE_CTE_NODE, a UNION of an anchor and a recursive part) sees itself in its
 * recursive part (`right`) only. A table named like a CTE elsewhere is the table.
 */
function childrenOf(obj: Record<string, unknown>, scope: CteScope | null): Pending[] {
  const children: Pending[] = [];
  const defined = cteEntries(obj.cte_map);
  let body = scope;
  if (defined !== null && defined.length > 0) {
    const names = new Map<string, number>();
    // A name written twice is refused by DuckDB; the first position is the earliest place it could be seen.
    defined.forEach((cte, i) => {
      if (cte.name !== null && !names.has(cte.name)) names.set(cte.name, i);
      children.push({ node: cte.definition, scope: { names, visible: i, outer: scope } });
    });
    body = { names, visible: defined.length, outer: scope };
  }
  const self = obj.type === 'RECURSIVE_CTE_NODE' && typeof obj.cte_name === 'string' ? obj.cte_name.toLowerCase() : null;
  for (const [key, value] of Object.entries(obj)) {
    if ((key === 'cte_map' && defined !== null) || typeof value !== 'object' || value === null) continue;
    const recursivePart = self !== null && key === 'right';
    children.push({ node: value, scope: recursivePart ? { names: new Map([[self, 0]]), visible: 1, outer: body } : body });
  }
  return children;
}

/** Walks a serialized parse tree without recursion (a long UNION ALL nests thousands deep). */
export function namesOf(tree: unknown): ParsedNames {
  const names: ParsedNames = { functions: new Set(), tables: [], tableRefTypes: new Set() };
  const stack: Pending[] = [{ node: tree, scope: null }];
  while (stack.length > 0) {
    const { node, scope } = stack.pop() as Pending;
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, scope });
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const obj = node as Record<string, unknown>;
    if (typeof obj.function_name === 'string') names.functions.add(obj.function_name.toLowerCase());
    if (obj.type === 'BASE_TABLE' && typeof obj.table_name === 'string') {
      const table = { catalog: text(obj.catalog_name), schema: text(obj.schema_name), name: obj.table_name };
      // Only an unqualified name resolves to a CTE: `main.x` is the table even inside x's scope.
      const isCte = table.catalog === '' && table.schema === '' && inScope(scope, table.name.toLowerCase());
      if (!isCte) names.tables.push(table);
    }
    if (typeof obj.type === 'string' && obj.type.endsWith('_REF')) names.tableRefTypes.add(obj.type);
    for (const child of childrenOf(obj, scope)) stack.push(child);
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
 * calls no refused function and reads only `tables` (lower-case names) and the CTEs in scope where it reads them.
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
    if (!plain || !tables.has(name)) {
      return unavailable([t.catalog, t.schema, t.name].filter((p) => p !== '').join('.'));
    }
  }
  return null;
}
