/**
 * Set-based generation of the sample e-commerce warehouse (customers, products, orders, line items over three years),
 * entirely in DuckDB SQL from `range()` and `hash()` of the seed: the same seed and row count give the same data.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Bump when the generated data changes shape or content: stored data of another version is regenerated.
 * 2: independent random streams per salt, so no two random columns move together (e.g. every nickname alike).
 */
export const GENERATOR_VERSION = 2;

/** The warehouse's own tables (the semantic model's views read them). */
export const WAREHOUSE_TABLES = ['wh_line_items', 'wh_orders', 'wh_products', 'wh_customers', 'wh_meta'] as const;

/** First and last instant of the orders' `created_at` (UTC): 2022-01-01 to 2024-12-31, 1096 days. */
export const ORDERS_FROM = '2022-01-01 00:00:00';
export const ORDER_DAYS = 1096;

export const PRODUCT_COUNT = 200;

/** Customers for a number of orders: one per ten orders, at least 50. */
export function customerCount(rows: number): number {
  return Math.max(50, Math.floor(rows / 10));
}

export const FIRST_NAMES = [
  'Ana',
  'Björn',
  'Chloé',
  'Dmitri',
  'Emeka',
  'Fatima',
  'Giulia',
  'Hiro',
  'Inês',
  'Jonas',
  'Kasia',
  'Luis',
  'Mei',
  'Noah',
  'Olga',
  'Priya',
];
export const LAST_NAMES = [
  'Müller',
  'Silva',
  'Nowak',
  'Smith',
  'Tanaka',
  'García',
  'Rossi',
  'Dubois',
  'Kowalski',
  'Okafor',
  'Jensen',
  'Chen',
];
/** Cities, several with non-ASCII names. */
export const CITIES = [
  'Zürich',
  'São Paulo',
  'Kraków',
  'New York',
  'London',
  'Tokyo',
  'Berlin',
  'Paris',
  'Toronto',
  'Sydney',
  'Mumbai',
  'Reykjavík',
  'Montréal',
  'Lagos',
];
export const SEGMENTS = ['consumer', 'small_business', 'enterprise'];
/** Segments drawn uniformly from this list: consumers are three in five. */
const SEGMENT_WEIGHTS = ['consumer', 'consumer', 'consumer', 'small_business', 'enterprise'];
export const CATEGORIES = ['Electronics', 'Home', 'Outdoors', 'Apparel', 'Books', 'Toys', 'Beauty', 'Grocery'];
export const PRODUCT_ADJECTIVES = ['Classic', 'Eco', 'Pro', 'Mini', 'Ultra', 'Smart'];
export const PRODUCT_NOUNS = ['Mug', 'Lamp', 'Chair', 'Kettle', 'Backpack', 'Notebook', 'Headphones', 'Jacket', 'Sneakers', 'Blender'];
export const STATUSES = ['completed', 'shipped', 'processing', 'cancelled', 'returned'];

/** Texts a spreadsheet would take as formulas: they must arrive as inert text. */
export const FORMULA_LIKE_PRODUCT_NAMES = ['=SUM(A1) Gift Card', '-20% Voucher', '+1 Warranty'];
export const FORMULA_LIKE_NICKNAMES = ['-dash', '=cmd|calc', '+plus', '@mention'];
/** Nicknames of one customer in ten (after the formula-like ones); the rest have none. */
export const NICKNAMES = ['ace', 'bee', 'kit', 'max', 'zoé'];

/**
 * The salts of the generator's random streams, one per drawn attribute (`cn` whether a customer has a nickname, `cn2` which).
 * Streams of distinct salts are independent.
 */
export const SALTS = [
  'cf',
  'cl',
  'cn',
  'cn2',
  'cc0',
  'cc',
  'cs',
  'cd',
  'pa',
  'pn',
  'pc',
  'pp',
  'pt',
  'ln',
  'lp',
  'lq',
  'oc',
  'ot',
  'os',
] as const;
export type Salt = (typeof SALTS)[number];

/**
 * SQL for a uniform number in [0, 1) from the seed, a salt and key expressions (integers): deterministic for a DuckDB version.
 * One string `seed:salt:key...` is hashed. Not `hash(seed, salt, key)`: DuckDB's hash of several arguments xors the last
 * one's hash into a hash of the others, so two salts gave values differing by a constant xor (correlated, top bits equal).
 */
export function uniformSql(seed: number, salt: string, keys: readonly string[]): string {
  if (!/^[a-z0-9]+$/.test(salt)) throw new Error(`salt must be lowercase letters and digits, got "${salt}"`);
  const key = keys.map((k) => `(${k})::VARCHAR`).join(` || ':' || `);
  return `(hash('${seed}:${salt}:' || ${key}) / 18446744073709551616.0)`;
}

const sqlList = (items: readonly string[]): string => `[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(', ')}]`;

export interface GenerateOptions {
  rows: number;
  seed: number;
}

/** The statements that (re)create the tables; run them in one transaction. */
export function generationSql({ rows, seed }: GenerateOptions): string[] {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`rows must be a non-negative integer, got ${rows}`);
  if (!Number.isSafeInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
  const u = (salt: Salt, ...keys: string[]): string => uniformSql(seed, salt, keys);
  const pick = (items: readonly string[], r: string): string => `${sqlList(items)}[1 + floor(${r} * ${items.length})::INTEGER]`;
  const customers = customerCount(rows);
  return [
    ...WAREHOUSE_TABLES.map((t) => `DROP TABLE IF EXISTS ${t}`),
    `CREATE TABLE wh_customers AS
     SELECT i::INTEGER AS id,
       ${pick(FIRST_NAMES, u('cf', 'i'))} || ' ' || ${pick(LAST_NAMES, u('cl', 'i'))} AS name,
       CASE WHEN i <= ${FORMULA_LIKE_NICKNAMES.length} THEN ${sqlList(FORMULA_LIKE_NICKNAMES)}[i::INTEGER]
            WHEN ${u('cn', 'i')} < 0.1 THEN ${pick(NICKNAMES, u('cn2', 'i'))}
            ELSE NULL END AS nickname,
       CASE WHEN i > 10 AND ${u('cc0', 'i')} < 0.01 THEN NULL ELSE ${pick(CITIES, u('cc', 'i'))} END AS city,
       ${pick(SEGMENT_WEIGHTS, u('cs', 'i'))} AS segment,
       (DATE '2021-01-01' + floor(${u('cd', 'i')} * 1461)::INTEGER) AS signup_date
     FROM range(1, ${customers + 1}) r(i) ORDER BY i`,
    `CREATE TABLE wh_products AS
     SELECT i::INTEGER AS id,
       CASE WHEN i <= ${FORMULA_LIKE_PRODUCT_NAMES.length} THEN ${sqlList(FORMULA_LIKE_PRODUCT_NAMES)}[i::INTEGER]
            ELSE ${pick(PRODUCT_ADJECTIVES, u('pa', 'i'))} || ' ' || ${pick(PRODUCT_NOUNS, u('pn', 'i'))} || ' ' || i END AS name,
       ${pick(CATEGORIES, u('pc', 'i'))} AS category,
       round(2 + ${u('pp', 'i')} * 498, 2)::DECIMAL(12,2) AS price,
       CASE WHEN i = 1 THEN '=HYPERLINK("http://example.invalid")' WHEN ${u('pt', 'i')} < 0.2 THEN 'bestseller' ELSE NULL END AS note
     FROM range(1, ${PRODUCT_COUNT + 1}) r(i) ORDER BY i`,
    `CREATE TABLE wh_line_items AS
     WITH o AS (SELECT i AS order_id, 1 + floor(${u('ln', 'i')} * 4)::INTEGER AS n FROM range(1, ${rows + 1}) r(i)),
     li AS (SELECT order_id, unnest(range(n)) AS k FROM o),
     lp AS (
       SELECT order_id, k,
         (1 + floor(${u('lp', 'order_id', 'k')} * ${PRODUCT_COUNT}))::INTEGER AS product_id,
         (1 + floor(${u('lq', 'order_id', 'k')} * 3))::INTEGER AS quantity
       FROM li)
     SELECT (lp.order_id * 4 + lp.k)::BIGINT AS id, lp.order_id::BIGINT AS order_id, lp.product_id, lp.quantity,
       p.price AS unit_price, (p.price * lp.quantity)::DECIMAL(12,2) AS amount
     FROM lp JOIN wh_products p ON p.id = lp.product_id ORDER BY 1`,
    `CREATE TABLE wh_orders AS
     WITH agg AS (
       SELECT order_id, SUM(amount)::DECIMAL(12,2) AS amount, SUM(quantity)::INTEGER AS units, arg_min(product_id, id) AS product_id,
         ${u('os', 'order_id')} AS s
       FROM wh_line_items GROUP BY order_id)
     SELECT a.order_id AS id,
       (1 + floor(${u('oc', 'a.order_id')} * ${customers}))::INTEGER AS customer_id,
       a.product_id,
       TIMESTAMP '${ORDERS_FROM}' + to_seconds(floor(${u('ot', 'a.order_id')} * ${ORDER_DAYS} * 86400)::BIGINT) AS created_at,
       CASE WHEN a.s < 0.55 THEN 'completed' WHEN a.s < 0.75 THEN 'shipped' WHEN a.s < 0.85 THEN 'processing'
            WHEN a.s < 0.93 THEN 'cancelled' ELSE 'returned' END AS status,
       a.amount, a.units
     FROM agg a ORDER BY a.order_id`,
    `CREATE TABLE wh_meta (generator_version INTEGER, rows BIGINT, seed BIGINT, generated_at TIMESTAMP)`,
  ];
}

export interface StoredGeneration {
  version: number;
  rows: number;
  seed: number;
  generatedAt: string;
}

/** What the database holds, or null when no warehouse was generated in it. */
export async function readStoredGeneration(conn: DuckDBConnection): Promise<StoredGeneration | null> {
  const present = await conn.runAndReadAll(
    `SELECT count(*) AS n FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = 'wh_meta' AND NOT temporary`,
  );
  if (Number(present.getRowObjects()[0]?.n ?? 0) === 0) return null;
  const reader = await conn.runAndReadAll(
    `SELECT generator_version, rows, seed, strftime(generated_at, '%Y-%m-%dT%H:%M:%S.%g') || 'Z' AS generated_at FROM wh_meta LIMIT 1`,
  );
  const row = reader.getRowObjects()[0];
  if (row === undefined) return null;
  return {
    version: Number(row.generator_version),
    rows: Number(row.rows),
    seed: Number(row.seed),
    generatedAt: String(row.generated_at),
  };
}

/** Drops and recreates every warehouse table in one transaction, then records what was generated. */
export async function generateWarehouseData(conn: DuckDBConnection, options: GenerateOptions, generatedAt: Date): Promise<void> {
  await conn.run('BEGIN TRANSACTION');
  try {
    for (const sql of generationSql(options)) await conn.run(sql);
    await conn.run(`INSERT INTO wh_meta VALUES (${GENERATOR_VERSION}, ${options.rows}, ${options.seed}, $1::TIMESTAMP)`, [
      generatedAt.toISOString().replace('T', ' ').replace('Z', ''),
    ]);
    await conn.run('COMMIT');
  } catch (e) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
