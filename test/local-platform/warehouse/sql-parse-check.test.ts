/** The sandbox's parse check and the tokenizer's comment rules, each against texts that talk a denylist round. */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { refusedName } from '../../../local-platform/warehouse/query-sandbox';
import { namesOf, refusalByParse } from '../../../local-platform/warehouse/sql-parse-check';
import { tokenize } from '../../../local-platform/warehouse/sql-tokenizer';

const BYPASS_CR = "SELECT 1 AS x --\r, current_setting('memory_limit') AS m";
const BYPASS_NESTED = "SELECT 1 AS x /* /* */ ' */, (SELECT count(*) FROM duckdb_settings()) AS n -- '\n, 2 AS y";

let instance: DuckDBInstance;
let parser: DuckDBConnection;
const TABLES = new Set(['orders', 'customers', 'wh_orders']);

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  parser = await instance.connect();
});
afterAll(() => {
  parser.closeSync();
  instance.closeSync();
});

describe('tokenizer comments follow DuckDB', () => {
  it('ends a -- comment at a carriage return as at a line feed', () => {
    const comments = tokenize(BYPASS_CR).filter((t) => t.kind === 'comment');
    expect(comments.map((t) => t.text)).toEqual(['--']);
    expect(refusedName(BYPASS_CR)).toBe('current_setting');
  });

  it('nests /* */ comments', () => {
    expect(tokenize('/* a /* b */ c */ 1').map((t) => t.text)).toEqual(['/* a /* b */ c */', ' ', '1']);
    expect(refusedName(BYPASS_NESTED)).toBe('duckdb_settings');
    expect(tokenize('/* /* unterminated */').map((t) => t.kind)).toEqual(['comment']);
  });
});

const expectRefusedNaming = async (sql: string, name: string): Promise<void> => {
  expect(await refusalByParse(parser, sql, TABLES)).toBe(
    `"${name}" is not available to queries: the query API reads the sample warehouse's model and nothing else.`,
  );
};

describe('refusalByParse', () => {
  it.each([BYPASS_CR, BYPASS_NESTED])('refuses %j from the parse alone', async (sql) => {
    expect(await refusalByParse(parser, sql, TABLES)).toMatch(/is not available to queries/);
  });

  it.each([
    ["SELECT * FROM glob('.tmp/*')", 'glob'],
    ["SELECT * FROM read_text('x.tmp/a')", 'read_text'],
    ["SELECT * FROM read_csv_auto('a.csv')", 'read_csv_auto'],
    ["SELECT * FROM '.tmp/a.csv'", '.tmp/a.csv'],
    ['SELECT * FROM control.reports', 'control.reports'],
    ['SELECT * FROM wh_meta', 'wh_meta'],
    ["SELECT list_transform([1], x -> getenv('HOME')) AS l", 'getenv'],
    ['SELECT * FROM system.main.duckdb_settings()', 'duckdb_settings'],
  ])('refuses %j, naming %s', expectRefusedNaming);

  it('refuses catalogue statements, other statements, several statements, and passes on syntax errors', async () => {
    expect(await refusalByParse(parser, 'SHOW TABLES', TABLES)).toMatch(/SHOW, DESCRIBE and SUMMARIZE are not available/);
    expect(await refusalByParse(parser, 'DROP TABLE orders', TABLES)).toMatch(/Only SELECT/);
    expect(await refusalByParse(parser, 'SELECT 1; SELECT 2', TABLES)).toMatch(/one statement/);
    expect(await refusalByParse(parser, 'SELEC 1', TABLES)).toMatch(/syntax error/);
  });

  it('lets through the model, its own CTEs, range() and names used as aliases or in literals', async () => {
    for (const sql of [
      'SELECT status, count(*) AS n FROM orders GROUP BY 1',
      'WITH t AS (SELECT 1 AS query) SELECT query, i FROM t, range(3) r(i)',
      "SELECT 'duckdb_settings()' AS current_setting FROM wh_orders o JOIN customers c ON c.id = o.customer_id",
      'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r',
    ]) {
      expect(await refusalByParse(parser, sql, TABLES)).toBeNull();
    }
  });

  describe('a CTE name allows a table only inside its scope', () => {
    const ATTACK =
      "SELECT (SELECT string_agg(relname, ',') FROM pg_class) FROM (WITH pg_class AS (SELECT 1 AS x) SELECT x FROM pg_class) q";
    it.each([
      [ATTACK, 'pg_class'],
      ['SELECT (SELECT count(*) FROM pg_proc) FROM (WITH pg_proc AS (SELECT 1 AS x) SELECT x FROM pg_proc) q', 'pg_proc'],
      ['SELECT * FROM (WITH pg_namespace AS (SELECT 1 AS x) SELECT x FROM pg_namespace) q, pg_namespace', 'pg_namespace'],
      ['SELECT * FROM (WITH wh_meta AS (SELECT 1 AS x) SELECT x FROM wh_meta) q JOIN wh_meta ON true', 'wh_meta'],
      // a nested subquery's CTE, seen from an outer WHERE, ORDER BY or EXISTS
      ['SELECT * FROM pg_class WHERE EXISTS (WITH pg_class AS (SELECT 1) SELECT * FROM pg_class)', 'pg_class'],
      ['SELECT x FROM (WITH pg_class AS (SELECT 1 AS x) SELECT x FROM pg_class) ORDER BY (SELECT count(*) FROM pg_class)', 'pg_class'],
      // set operations: a WITH inside one side is not the other side's
      ['SELECT * FROM (WITH pg_class AS (SELECT 1 AS x) SELECT x FROM pg_class) UNION ALL SELECT relname FROM pg_class', 'pg_class'],
      ['(WITH pg_class AS (SELECT 1 AS x) SELECT x FROM pg_class) UNION ALL (SELECT oid FROM pg_class)', 'pg_class'],
      // lateral joins
      ['SELECT * FROM orders o, LATERAL (WITH pg_proc AS (SELECT 1 AS x) SELECT x FROM pg_proc) l, pg_proc', 'pg_proc'],
      ['SELECT * FROM orders o, LATERAL (SELECT * FROM pg_proc) l, (WITH pg_proc AS (SELECT 1 AS x) SELECT x FROM pg_proc) z', 'pg_proc'],
      // one WITH: a CTE sees only the CTEs written before it, never itself (unless recursive), nor one defined inside another
      ['WITH a AS (SELECT * FROM pg_class), pg_class AS (SELECT 1 AS x) SELECT * FROM a', 'pg_class'],
      ['WITH pg_class AS (SELECT * FROM pg_class) SELECT * FROM pg_class', 'pg_class'],
      ['WITH RECURSIVE pg_class AS (SELECT * FROM pg_class) SELECT * FROM pg_class', 'pg_class'],
      ['WITH a AS (WITH pg_class AS (SELECT 1 AS x) SELECT 1), b AS (SELECT * FROM pg_class) SELECT * FROM b', 'pg_class'],
      ['WITH RECURSIVE a AS (SELECT * FROM wh_meta), wh_meta AS (SELECT 1 AS x) SELECT * FROM a', 'wh_meta'],
      // recursive CTEs: the anchor does not see the CTE, and INTERSECT/EXCEPT bodies are not recursive
      [
        'WITH RECURSIVE pg_class(x) AS (SELECT relname FROM pg_class UNION ALL SELECT x FROM pg_class WHERE false) SELECT * FROM pg_class',
        'pg_class',
      ],
      ["WITH RECURSIVE pg_class(x) AS (SELECT 'a' INTERSECT SELECT relname FROM pg_class) SELECT * FROM pg_class", 'pg_class'],
      ['SELECT * FROM (WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r) q, r', 'r'],
      // a CTE named like a view does not open what its own body reads; a qualified name is the table
      ['WITH orders AS (SELECT * FROM pg_class) SELECT * FROM orders', 'pg_class'],
      ['WITH wh_meta AS (SELECT 1 AS x) SELECT * FROM main.wh_meta', 'main.wh_meta'],
    ])('refuses %j, naming %s', expectRefusedNaming);

    it.each([
      'WITH a AS (SELECT 1 AS x), b AS (SELECT * FROM a) SELECT * FROM b',
      'WITH t AS (SELECT 1 AS x) SELECT (SELECT max(x) FROM t) AS m, s.x FROM (SELECT * FROM t) s WHERE s.x IN (SELECT x FROM t)',
      'WITH t AS (SELECT 1 AS x) SELECT * FROM t UNION ALL SELECT * FROM t ORDER BY 1',
      'WITH t AS (SELECT 1 AS x) SELECT * FROM t a, LATERAL (SELECT * FROM t WHERE t.x = a.x) b',
      'WITH t AS (SELECT 1 AS x) SELECT * FROM (WITH u AS (SELECT * FROM t) SELECT * FROM u) q',
      'WITH t AS (SELECT 1 AS x) SELECT * FROM orders WHERE EXISTS (SELECT 1 FROM t JOIN customers c ON true)',
      "WITH RECURSIVE t(v) AS (SELECT 'a' UNION ALL SELECT (SELECT max(v) FROM t) || 'x' FROM t WHERE length(v) < 5) SELECT * FROM t",
      'WITH RECURSIVE r(n) AS (SELECT 1 UNION SELECT n + 1 FROM (SELECT * FROM r) s WHERE n < 3), u AS (SELECT * FROM r) SELECT * FROM u',
      'WITH orders AS (SELECT * FROM orders WHERE amount > 10) SELECT count(*) FROM orders',
      'WITH T AS MATERIALIZED (SELECT 1 AS x) FROM t',
    ])('lets %j through', async (sql) => {
      expect(await refusalByParse(parser, sql, TABLES)).toBeNull();
    });
  });

  it('walks a parse nested thousands deep without recursion', () => {
    let tree: unknown = { function_name: 'GETENV' };
    for (let i = 0; i < 100_000; i++) tree = { left: tree };
    expect([...namesOf(tree).functions]).toEqual(['getenv']);
  });
});
