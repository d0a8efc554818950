/** The generator's randomness: independent uniform streams per salt and key, and non-degenerate generated columns. */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  CATEGORIES,
  CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  NICKNAMES,
  PRODUCT_ADJECTIVES,
  PRODUCT_NOUNS,
  SALTS,
  SEGMENTS,
  STATUSES,
  uniformSql,
} from '../../../local-platform/warehouse/generate-data';
import { openWarehouseData } from '../../../local-platform/warehouse/warehouse-data';

const SEED = 42;
const IDS = 20_000;

/** Upper chi-square quantile at p = 1e-6 (Wilson–Hilferty): a real dependence lands far above it, chance almost never. */
function chiSquareLimit(df: number): number {
  const z = 4.753;
  const v = 2 / (9 * df);
  return df * (1 - v + z * Math.sqrt(v)) ** 3;
}

interface Contingency {
  pair: string;
  /** Distinct values seen of `a` and of `b`. */
  rowsSeen: number;
  colsSeen: number;
  /** Cells (a, b) with no observation, among the rowsSeen × colsSeen. */
  emptyCells: number;
  chi2: number;
}

/** Chi-square test of independence of `a` and `b`, per `pair`, over the rows of `relation` (columns pair, a, b). */
async function contingency(conn: DuckDBConnection, relation: string): Promise<Contingency[]> {
  const reader = await conn.runAndReadAll(`
    WITH t AS (${relation}),
    g AS (SELECT pair, a, b, count(*) AS n FROM t GROUP BY ALL),
    ra AS (SELECT pair, a, sum(n) AS na FROM g GROUP BY ALL),
    rb AS (SELECT pair, b, sum(n) AS nb FROM g GROUP BY ALL),
    tot AS (SELECT pair, sum(n) AS total FROM g GROUP BY ALL)
    SELECT pair, count(DISTINCT ra.a) AS rows_seen, count(DISTINCT rb.b) AS cols_seen, count(*) - count(g.n) AS empty_cells,
      sum((coalesce(g.n, 0) - na * nb / total) ^ 2 / (na * nb / total)) AS chi2
    FROM ra JOIN rb USING (pair) JOIN tot USING (pair) LEFT JOIN g USING (pair, a, b)
    GROUP BY pair ORDER BY pair`);
  return reader.getRowObjectsJson().map((r) => ({
    pair: String(r.pair),
    rowsSeen: Number(r.rows_seen),
    colsSeen: Number(r.cols_seen),
    emptyCells: Number(r.empty_cells),
    chi2: Number(r.chi2),
  }));
}

/** Random streams over ids 1..IDS, each as SQL over the column `i`. */
interface Stream {
  name: string;
  sql: string;
}

/** Every pair of streams, bucketed in k × k cells, as the (pair, a, b) relation of `contingency`. */
function pairsRelation(streams: readonly Stream[], k: number): string {
  const buckets = streams
    .map((s) => `SELECT '${s.name}' AS name, i, floor(${s.sql} * ${k})::INTEGER AS v FROM range(1, ${IDS + 1}) r(i)`)
    .join(' UNION ALL ');
  return `WITH d AS (${buckets})
    SELECT x.name || ' / ' || y.name AS pair, x.v AS a, y.v AS b FROM d x JOIN d y ON x.i = y.i AND x.name < y.name`;
}

let instance: DuckDBInstance;
let conn: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
});

afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

describe('uniformSql', () => {
  const streams: Stream[] = [
    ...SALTS.map((salt) => ({ name: salt, sql: uniformSql(SEED, salt, ['i']) })),
    // Line items draw per (order, position): positions and neighbouring ids must be independent too.
    { name: 'lp(i,0)', sql: uniformSql(SEED, 'lp', ['i', '0']) },
    { name: 'lp(i,1)', sql: uniformSql(SEED, 'lp', ['i', '1']) },
    { name: 'lq(i,0)', sql: uniformSql(SEED, 'lq', ['i', '0']) },
    { name: 'cn(i+1)', sql: uniformSql(SEED, 'cn', ['i + 1']) },
  ];

  it('gives independent values for every pair of the generator salts (and of keys), no empty cell', async () => {
    const k = 6;
    const results = await contingency(conn, pairsRelation(streams, k));
    expect(results).toHaveLength((streams.length * (streams.length - 1)) / 2);
    const limit = chiSquareLimit((k - 1) * (k - 1));
    const failing = results.filter((r) => r.rowsSeen !== k || r.colsSeen !== k || r.emptyCells > 0 || r.chi2 > limit);
    expect(failing).toEqual([]);
  });

  it('is uniform on [0, 1) for each salt', async () => {
    const k = 20;
    const union = streams.map((s) => `SELECT '${s.name}' AS name, ${s.sql} AS x FROM range(1, ${IDS + 1}) r(i)`).join(' UNION ALL ');
    const reader = await conn.runAndReadAll(`
      WITH d AS (${union}), g AS (SELECT name, floor(x * ${k}) AS b, count(*) AS n, min(x) AS lo, max(x) AS hi FROM d GROUP BY ALL)
      SELECT name, count(*) AS buckets, min(lo) AS lo, max(hi) AS hi, sum((n - ${IDS / k}) ^ 2 / ${IDS / k}) AS chi2 FROM g GROUP BY name`);
    const rows = reader.getRowObjectsJson();
    expect(rows).toHaveLength(streams.length);
    for (const r of rows) {
      expect({ name: r.name, buckets: Number(r.buckets) }).toEqual({ name: r.name, buckets: k });
      expect(Number(r.lo)).toBeGreaterThanOrEqual(0);
      expect(Number(r.hi)).toBeLessThan(1);
      expect(Number(r.chi2)).toBeLessThan(chiSquareLimit(k - 1));
    }
  });

  it('gives other values for another seed', async () => {
    const reader = await conn.runAndReadAll(
      `SELECT count(*) FILTER (WHERE ${uniformSql(1, 'cn', ['i'])} = ${uniformSql(2, 'cn', ['i'])}) AS same FROM range(1, 1001) r(i)`,
    );
    expect(Number(reader.getRowObjectsJson()[0]?.same)).toBe(0);
  });

  it('detects the version-1 formula hash(seed, salt, i), whose salts were correlated', async () => {
    const v1 = (salt: string) => `(hash(${SEED}::BIGINT, '${salt}', i) / 18446744073709551616.0)`;
    const [result] = await contingency(
      conn,
      pairsRelation(
        [
          { name: 'cn', sql: v1('cn') },
          { name: 'cn2', sql: v1('cn2') },
        ],
        6,
      ),
    );
    expect(result!.emptyCells).toBeGreaterThan(0);
    expect(result!.chi2).toBeGreaterThan(chiSquareLimit(25));
  });

  it('only takes plain salts into the SQL', () => {
    expect(() => uniformSql(SEED, "x' OR '1", ['i'])).toThrow(/salt/);
  });
});

describe('generated data', () => {
  let data: DuckDBInstance;
  let c: DuckDBConnection;

  beforeAll(async () => {
    data = await DuckDBInstance.create(':memory:');
    await openWarehouseData(data, { rows: IDS, seed: SEED });
    c = await data.connect();
  });

  afterAll(() => {
    c.closeSync();
    data.closeSync();
  });

  const counts = async (sql: string): Promise<Map<string, number>> =>
    new Map((await c.runAndReadAll(sql)).getRowsJson().map((r) => [String(r[0]), Number(r[1])]));

  it('uses every value of each list', async () => {
    const distinct = async (expr: string, table: string, where = 'TRUE') =>
      [...(await counts(`SELECT ${expr}, count(*) FROM ${table} WHERE ${where} AND ${expr} IS NOT NULL GROUP BY 1`)).keys()].sort();
    const sorted = (xs: readonly string[]) => [...xs].sort();
    expect(await distinct('status', 'wh_orders')).toEqual(sorted(STATUSES));
    expect(await distinct('city', 'wh_customers')).toEqual(sorted(CITIES));
    expect(await distinct('segment', 'wh_customers')).toEqual(sorted(SEGMENTS));
    expect(await distinct("split_part(name, ' ', 1)", 'wh_customers')).toEqual(sorted(FIRST_NAMES));
    expect(await distinct("split_part(name, ' ', 2)", 'wh_customers')).toEqual(sorted(LAST_NAMES));
    expect(await distinct('category', 'wh_products')).toEqual(sorted(CATEGORIES));
    expect(await distinct("split_part(name, ' ', 1)", 'wh_products', 'id > 3')).toEqual(sorted(PRODUCT_ADJECTIVES));
    expect(await distinct("split_part(name, ' ', 2)", 'wh_products', 'id > 3')).toEqual(sorted(PRODUCT_NOUNS));
  });

  it('gives one customer in ten a nickname, each of the nicknames in about equal shares', async () => {
    const customers = IDS / 10;
    const byNickname = await counts(`SELECT nickname, count(*) FROM wh_customers WHERE id > 4 AND nickname IS NOT NULL GROUP BY 1`);
    expect([...byNickname.keys()].sort()).toEqual([...NICKNAMES].sort());
    const total = [...byNickname.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(customers * 0.07);
    expect(total).toBeLessThan(customers * 0.13);
    for (const n of byNickname.values()) {
      expect(n).toBeGreaterThan(total * 0.1);
      expect(n).toBeLessThan(total * 0.3);
    }
  });

  it('draws statuses in their designed shares', async () => {
    const shares = { completed: 0.55, shipped: 0.2, processing: 0.1, cancelled: 0.08, returned: 0.07 };
    const byStatus = await counts('SELECT status, count(*) FROM wh_orders GROUP BY 1');
    for (const [status, share] of Object.entries(shares)) {
      expect(Math.abs((byStatus.get(status) ?? 0) / IDS - share)).toBeLessThan(0.03);
    }
  });

  it('draws columns independently of each other', async () => {
    const results = await contingency(
      c,
      `SELECT 'city / segment' AS pair, city AS a, segment AS b FROM wh_customers WHERE city IS NOT NULL
       UNION ALL SELECT 'first / last name', split_part(name, ' ', 1), split_part(name, ' ', 2) FROM wh_customers
       UNION ALL SELECT 'status / month', status, month(created_at)::VARCHAR FROM wh_orders
       UNION ALL SELECT 'quantity / position', quantity::VARCHAR, (id % 4)::VARCHAR FROM wh_line_items`,
    );
    const df = { 'city / segment': 13 * 2, 'first / last name': 15 * 11, 'status / month': 4 * 11, 'quantity / position': 2 * 3 };
    expect(results.map((r) => r.pair)).toEqual(Object.keys(df).sort());
    for (const r of results) {
      expect({ pair: r.pair, emptyCells: r.emptyCells }).toEqual({ pair: r.pair, emptyCells: 0 });
      expect(r.chi2).toBeLessThan(chiSquareLimit(df[r.pair as keyof typeof df]));
    }
  });
});
