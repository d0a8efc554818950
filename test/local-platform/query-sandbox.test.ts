/** The query API's SQL sandbox: any key reads the sample warehouse's model and nothing else (no files, no control tables, no settings). */
import fs from 'node:fs';
import { errorBodySchema, streamHeaderSchema } from '../../src/core/wire/schemas';
import { SQL_QUERY_PATH } from '../../src/core/wire/wire-names';
import { platformPerFile } from '../helpers/platform-per-file';
import { VIEWER, call } from './http';

const platform = platformPerFile();

const lines = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

async function run(sql: string): Promise<{ status: number; lines: unknown[]; text: string }> {
  const a = await call('POST', `${platform.url}/d/101${SQL_QUERY_PATH}`, { key: VIEWER, body: { query: sql } });
  return { status: a.status, lines: lines(a.text), text: a.text };
}

/** Strings that would show a leak: the machine's hostname, the dev keys, the control plane's names. */
const hostname = fs.existsSync('/etc/hostname') ? fs.readFileSync('/etc/hostname', 'utf8').trim() : '';
const LEAKS = [
  'dev-admin-key',
  'dev-editor-key',
  'root:',
  'Orders by status',
  'Acme Internal',
  '@',
  ...(hostname.length >= 3 ? [hostname] : []),
];

const PROBES: readonly string[] = [
  "SELECT * FROM read_text('/etc/hostname')",
  "SELECT * FROM read_csv('/etc/passwd')",
  "SELECT * FROM read_csv_auto('/etc/passwd')",
  "SELECT * FROM read_blob('/etc/hostname')",
  "SELECT * FROM read_json('/etc/passwd')",
  "SELECT * FROM read_parquet('/etc/passwd')",
  "SELECT * FROM sniff_csv('/etc/passwd')",
  "SELECT * FROM glob('/root/.*')",
  "SELECT * FROM glob('/etc/*')",
  "SELECT * FROM '/etc/passwd'",
  'SELECT * FROM "read_text"(\'/etc/hostname\')',
  'SELECT id, deployment_id, name FROM control.reports',
  'SELECT * FROM control.users',
  'SELECT * FROM control.meta_sync_tokens',
  "SELECT nextval('control.report_ids')",
  'SELECT * FROM duckdb_tables()',
  'SELECT * FROM duckdb_databases()',
  'SELECT * FROM duckdb_settings()',
  'SELECT * FROM "DUCKDB_SETTINGS"()',
  'SELECT * FROM information_schema.tables',
  'SELECT * FROM sqlite_master',
  "SELECT current_setting('home_directory')",
  "SELECT getenv('HOME')",
  "SELECT * FROM query('SELECT * FROM duckdb_settings()')",
  "SELECT * FROM query_table('wh_meta')",
  'SELECT * FROM pragma_database_list',
];

describe('query sandbox', () => {
  it.each(PROBES)('%s answers one clear error line and leaks nothing', async (sql) => {
    const a = await run(sql);
    expect(a.lines).toHaveLength(1);
    const body = errorBodySchema.parse(a.lines[0]);
    expect(body.error.length).toBeGreaterThan(10);
    for (const leak of LEAKS) expect(a.text).not.toContain(leak);
  });

  it('a refused name says what queries may read', async () => {
    const body = errorBodySchema.parse((await run('SELECT * FROM duckdb_tables()')).lines[0]);
    expect(body.error).toMatch(/"duckdb_tables" is not available to queries/);
  });

  it('the sandbox settings cannot be changed back, and the model still answers', async () => {
    for (const sql of ['SET enable_external_access = true', 'RESET lock_configuration', "ATTACH '/tmp/x.duckdb'"]) {
      const a = await run(sql);
      expect(a.lines).toHaveLength(1);
      errorBodySchema.parse(a.lines[0]);
    }
    const ok = await run('SELECT status, COUNT(*) AS n FROM orders GROUP BY 1 ORDER BY 1');
    expect(ok.status).toBe(200);
    expect(streamHeaderSchema.parse(ok.lines[0]).schema.map((c) => c.name)).toEqual(['status', 'n']);
    expect(ok.lines.length).toBeGreaterThan(1);
  });

  it('names inside string literals and comments, and function names used as aliases, are not refused', async () => {
    const ok = await run("SELECT 'duckdb_settings() and read_text' AS note, 1 AS query -- current_setting\n");
    expect(streamHeaderSchema.parse(ok.lines[0]).schema.map((c) => c.name)).toEqual(['note', 'query']);
    const spaced = await run("SELECT * FROM query ('SELECT 42')");
    errorBodySchema.parse(spaced.lines[0]);
  });
});
