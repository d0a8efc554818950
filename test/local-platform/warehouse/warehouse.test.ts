/** The sample warehouse: set-based generation, determinism, reuse of stored data, and the model's metadata. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { metaSchema } from '../../../src/core/wire/schemas';
import { modelFilterDefaults } from '../../../src/core/builder/model-defaults';
import { CITIES, GENERATOR_VERSION, STATUSES } from '../../../local-platform/warehouse/generate-data';
import { openWarehouseData } from '../../../local-platform/warehouse/warehouse-data';
import { startWarehouse } from '../../../local-platform/warehouse/warehouse';

async function checksumOf(rows: number, seed: number): Promise<string> {
  const instance = await DuckDBInstance.create(':memory:');
  try {
    const wh = await openWarehouseData(instance, { rows, seed });
    return await wh.dataChecksum();
  } finally {
    instance.closeSync();
  }
}

async function scalar(instance: DuckDBInstance, sql: string): Promise<unknown> {
  const c = await instance.connect();
  try {
    return (await c.runAndReadAll(sql)).getRowsJson()[0]?.[0];
  } finally {
    c.closeSync();
  }
}

describe('generation', () => {
  it('is deterministic: the same seed and rows give the same data, another seed other data', async () => {
    const a = await checksumOf(1500, 7);
    expect(await checksumOf(1500, 7)).toBe(a);
    expect(await checksumOf(1500, 8)).not.toBe(a);
  });

  it('produces the orders, line items, products and customers the model reads', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    try {
      const wh = await openWarehouseData(instance, { rows: 3000, seed: 42 });
      expect(wh.generated).toBe(true);
      expect(await scalar(instance, 'SELECT COUNT(*) FROM wh_orders')).toBe('3000');
      expect(await scalar(instance, 'SELECT COUNT(DISTINCT order_id) FROM wh_line_items')).toBe('3000');
      expect(await scalar(instance, 'SELECT COUNT(*) FROM wh_customers')).toBe('300');
      // Order amounts are the sums of their line items.
      expect(
        await scalar(
          instance,
          'SELECT COUNT(*) FROM wh_orders o JOIN (SELECT order_id, SUM(amount) AS s FROM wh_line_items GROUP BY 1) l ON l.order_id = o.id WHERE l.s <> o.amount',
        ),
      ).toBe('0');
      expect(
        await scalar(
          instance,
          "SELECT min(created_at) >= TIMESTAMP '2022-01-01' AND max(created_at) < TIMESTAMP '2025-01-01' FROM wh_orders",
        ),
      ).toBe(true);
      expect(await scalar(instance, 'SELECT list(DISTINCT status ORDER BY status) FROM wh_orders')).toEqual([...STATUSES].sort());
      expect(await scalar(instance, 'SELECT typeof(amount) FROM wh_orders LIMIT 1')).toBe('DECIMAL(12,2)');
      const cities = (await scalar(instance, 'SELECT list(DISTINCT city) FROM wh_customers WHERE city IS NOT NULL')) as string[];
      expect(cities.filter((c) => /[^\x00-\x7f]/.test(c)).length).toBeGreaterThanOrEqual(3);
      expect(cities.every((c) => CITIES.includes(c))).toBe(true);
      expect(await scalar(instance, "SELECT COUNT(*) FROM wh_products WHERE name LIKE '=%' OR name LIKE '-%'")).toBe('2');
      expect(Number(await scalar(instance, 'SELECT COUNT(*) FROM wh_customers WHERE nickname IS NULL'))).toBeGreaterThan(0);
    } finally {
      instance.closeSync();
    }
  });

  it('keeps the data of a database file across restarts, and regenerates when rows or seed change', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-warehouse-'));
    const file = path.join(dir, 'platform.duckdb');
    const open = async (rows: number, seed: number) => {
      const instance = await DuckDBInstance.create(file);
      const wh = await openWarehouseData(instance, { rows, seed });
      const result = {
        generated: wh.generated,
        lastRefreshTime: wh.lastRefreshTime,
        checksum: await wh.dataChecksum(),
        count: await scalar(instance, 'SELECT COUNT(*) FROM wh_orders'),
      };
      instance.closeSync();
      return result;
    };
    try {
      const first = await open(500, 1);
      expect(first.generated).toBe(true);
      const again = await open(500, 1);
      expect(again).toEqual({ ...first, generated: false });
      const moreRows = await open(600, 1);
      expect(moreRows.generated).toBe(true);
      expect(moreRows.count).toBe('600');
      const otherSeed = await open(600, 2);
      expect(otherSeed.generated).toBe(true);
      expect(otherSeed.checksum).not.toBe(moreRows.checksum);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('regenerates data that an older generator version left in the database', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    try {
      const first = await openWarehouseData(instance, { rows: 300, seed: 3 });
      const checksum = await first.dataChecksum();
      expect((await openWarehouseData(instance, { rows: 300, seed: 3 })).generated).toBe(false);
      const c = await instance.connect();
      await c.run(`UPDATE wh_meta SET generator_version = ${GENERATOR_VERSION - 1}`);
      await c.run('DELETE FROM wh_customers');
      c.closeSync();
      const again = await openWarehouseData(instance, { rows: 300, seed: 3 });
      expect(again.generated).toBe(true);
      expect(await again.dataChecksum()).toBe(checksum);
      expect(await scalar(instance, 'SELECT generator_version FROM wh_meta')).toBe(GENERATOR_VERSION);
    } finally {
      instance.closeSync();
    }
  });
});

describe('metadata', () => {
  it('describes the views in the metadata shape, with typed members and time granularities', async () => {
    const wh = await startWarehouse({ memory: true, dataDir: '', rows: 100, seed: 1 });
    try {
      const meta = metaSchema.parse(wh.meta('101'));
      expect(meta.cubes.map((c) => [c.name, c.type])).toEqual([
        ['orders', 'view'],
        ['customers', 'view'],
      ]);
      const orders = meta.cubes[0]!;
      const measure = (name: string) => orders.measures.find((m) => m.name === name);
      const dimension = (name: string) => orders.dimensions.find((d) => d.name === name);
      expect(measure('orders.count')).toMatchObject({ type: 'number', aggType: 'count', title: 'Orders Count', shortTitle: 'Count' });
      expect(measure('orders.total_amount')).toMatchObject({ aggType: 'sum', format: 'currency' });
      expect(measure('orders.average_amount')).toMatchObject({ aggType: 'avg' });
      expect(measure('orders.customers_count')).toMatchObject({ aggType: 'count_distinct' });
      expect(dimension('orders.id')).toMatchObject({ type: 'number', primaryKey: true });
      expect(dimension('orders.status')).toMatchObject({ type: 'string', primaryKey: false });
      expect(dimension('orders.customer_city')).toMatchObject({ type: 'string' });
      expect(dimension('orders.product_category')).toMatchObject({ type: 'string' });
      expect(dimension('orders.is_returned')).toMatchObject({ type: 'boolean' });
      expect(dimension('orders.created_at')?.granularities?.map((g) => g.name)).toEqual([
        'second',
        'minute',
        'hour',
        'day',
        'week',
        'month',
        'quarter',
        'year',
      ]);
      const customers = meta.cubes[1]!;
      expect(customers.dimensions.map((d) => d.name)).toEqual(
        expect.arrayContaining(['customers.id', 'customers.name', 'customers.city', 'customers.signup_date', 'customers.segment']),
      );
      expect(customers.measures.map((m) => m.name)).toEqual(expect.arrayContaining(['customers.count', 'customers.lifetime_value']));
      // The model's `meta` passes through as the engine passes it: Segment asks builder reports to keep a filter.
      const segment = customers.dimensions.find((d) => d.name === 'customers.segment');
      expect(segment?.meta).toEqual({ filter: { default: { operator: 'set', values: [] }, required: true } });
      expect(modelFilterDefaults(meta, 'customers')).toEqual({
        filters: [{ member: 'customers.segment', operator: 'set', values: [] }],
        required: new Set(['customers.segment']),
      });
      // A copy each time: callers cannot change the model.
      wh.meta().cubes.pop();
      expect(wh.meta().cubes).toHaveLength(2);
    } finally {
      await wh.close();
    }
  });
});
