/** Tests for the control plane's connection: statements run with their parameters, prepared once and kept within a bound. */
import { DuckDBInstance } from '@duckdb/node-api';
import { ControlDb } from '../../local-platform/database';

let instance: DuckDBInstance;
let db: ControlDb;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  db = new ControlDb(await instance.connect());
  await db.exclusive(async (sql) => {
    await sql.run('CREATE TABLE t (id INTEGER, name VARCHAR)');
    for (let i = 0; i < 200; i++) await sql.run('INSERT INTO t VALUES ($1, $2)', [i, `n${i}`]);
  });
});

afterAll(async () => {
  await db.close();
  instance.closeSync();
});

it('runs one text with other parameters each time, inside and outside transactions', async () => {
  const name = (id: number) => db.exclusive(async (sql) => (await sql.all('SELECT name FROM t WHERE id = $1', [id]))[0]?.name);
  expect(await name(3)).toBe('n3');
  expect(await name(150)).toBe('n150');
  await db.transaction(async (sql) => sql.run('UPDATE t SET name = $2 WHERE id = $1', [3, 'three']));
  expect(await name(3)).toBe('three');
  await expect(
    db.transaction(async (sql) => {
      await sql.run('UPDATE t SET name = $2 WHERE id = $1', [150, 'gone']);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await name(150)).toBe('n150');
});

it('answers rightly past the bound of kept statements, old texts prepared again', async () => {
  // A page's numbers in the text (as a report list writes LIMIT and OFFSET) make a new text per page.
  const page = (offset: number) =>
    db.exclusive(async (sql) =>
      (await sql.all(`SELECT id FROM t WHERE id >= $1 ORDER BY id LIMIT 2 OFFSET ${offset}`, [0])).map((r) => r.id),
    );
  for (let offset = 0; offset < 150; offset++) expect(await page(offset)).toEqual([offset, offset + 1]);
  expect(await page(0)).toEqual([0, 1]);
  expect(await page(149)).toEqual([149, 150]);
  // The first texts prepared (the inserts, the name lookup) were let go long ago: they run as before.
  await db.exclusive(async (sql) => sql.run('INSERT INTO t VALUES ($1, $2)', [200, 'n200']));
  expect(await db.exclusive(async (sql) => (await sql.all('SELECT name FROM t WHERE id = $1', [200]))[0]?.name)).toBe('n200');
});
