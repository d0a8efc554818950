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
  ])('refuses %j, naming %s', async (sql, name) => {
    expect(await refusalByParse(parser, sql, TABLES)).toBe(
      `"${name}" is not available to queries: the query API reads the sample warehouse's model and nothing else.`,
    );
  });

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

  it('walks a parse nested thousands deep without recursion', () => {
    let tree: unknown = { function_name: 'GETENV' };
    for (let i = 0; i < 100_000; i++) tree = { left: tree };
    expect([...namesOf(tree).functions]).toEqual(['getenv']);
  });
});
