/** Restart persistence with a file database in a temp dir, and the one-writer-process error when the file is locked. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { metaSyncTokenResponseSchema, reportSchema } from '../../src/core/wire/schemas';
import { META_PATH, paths } from '../../src/core/wire/wire-names';
import { DuckDBInstance } from '@duckdb/node-api';
import { DATABASE_FILE, openDatabase, WAREHOUSE_FILE } from '../../local-platform/database';
import { startPlatform } from '../../local-platform/server';
import { ADMIN, call } from './http';

let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-platform-test-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startPlatform({ port: 0, dataDir, rows: 500, faults: true });

describe('persistence', () => {
  it('a report, its placement, an adopted legacy id and a meta-sync token survive a restart', async () => {
    const first = await start();
    let reportId: number;
    let updatedAt: string | null | undefined;
    let token: string;
    try {
      expect(first.database).toBe(path.join(dataDir, DATABASE_FILE));
      const created = reportSchema.parse(
        (await call('PUT', first.url + paths.reportByPublicId('101', 'persistMe001'), { body: { name: 'Kept', sqlQuery: 'SELECT 1' } }))
          .json,
      );
      reportId = created.id;
      const connected = reportSchema.parse(
        (await call('PUT', first.url + paths.connectWorkbook('101', reportId), { body: { externalWorkbookId: 'wb', placementId: 'p' } }))
          .json,
      );
      updatedAt = connected.updatedAt;
      expect((await call('PUT', first.url + paths.reportByPublicId('101', 'legacy000001'), { body: { name: 'Adopted' } })).status).toBe(
        200,
      );
      token = metaSyncTokenResponseSchema.parse(
        (await call('POST', first.url + paths.metaSyncToken('101', '1011'), { body: { security_context: {} } })).json,
      ).data.token;
    } finally {
      await first.close();
    }

    const second = await start();
    try {
      const again = reportSchema.parse((await call('GET', second.url + paths.reportById('101', reportId), { key: ADMIN })).json);
      expect(again).toMatchObject({ publicId: 'persistMe001', name: 'Kept', version: 1, updatedAt });
      expect(again.externalWorkbookPlacements?.map((p) => [p.workbookId, p.id])).toEqual([['wb', 'p']]);
      const legacy = reportSchema.parse((await call('GET', second.url + paths.reportById('101', 2))).json);
      expect(legacy).toMatchObject({ publicId: 'legacy000001', name: 'Adopted' });
      // The deploymentUrl follows the new port; the seed was not applied twice.
      const deployments = (await call('GET', second.url + paths.deployments(), { key: ADMIN })).json as {
        pagination: { total: number };
        data: { deployments: Array<{ deploymentUrl: string }> };
      };
      expect(deployments.pagination.total).toBe(3);
      expect(deployments.data.deployments[0]!.deploymentUrl.startsWith(second.url)).toBe(true);
      const meta = await call('GET', `${second.url}/d/101/e/1011/svcjs-api/v1${META_PATH}`, {
        key: null,
        headers: { Authorization: token },
      });
      expect(meta.status).toBe(200);
      // New reports continue the id sequence instead of reusing ids.
      const next = reportSchema.parse((await call('POST', second.url + paths.reports('101'), { body: { name: 'After restart' } })).json);
      expect(next.id).toBeGreaterThan(reportId);
    } finally {
      await second.close();
    }
  });

  it('the warehouse has its own file, kept across a restart; the control database holds no warehouse table (old ones are dropped)', async () => {
    const dir = path.join(dataDir, 'split');
    // A database of the previous layout kept the warehouse beside the control plane.
    fs.mkdirSync(dir);
    const old = await DuckDBInstance.create(path.join(dir, DATABASE_FILE));
    const oc = await old.connect();
    await oc.run('CREATE TABLE wh_orders AS SELECT 1 AS id');
    oc.closeSync();
    old.closeSync();
    const first = await startPlatform({ port: 0, dataDir: dir, rows: 300 });
    expect(first.warehouseDatabase).toBe(path.join(dir, WAREHOUSE_FILE));
    await first.close();
    const second = await startPlatform({ port: 0, dataDir: dir, rows: 300 });
    await second.close();
    const control = await DuckDBInstance.create(path.join(dir, DATABASE_FILE));
    try {
      const c = await control.connect();
      const tables = (await c.runAndReadAll('SELECT schema_name, table_name FROM duckdb_tables() ORDER BY ALL')).getRowObjectsJson();
      c.closeSync();
      expect(tables.length).toBeGreaterThan(0);
      for (const t of tables) expect(t).toMatchObject({ schema_name: 'control' });
    } finally {
      control.closeSync();
    }
  });

  it('a database file held by another process gives an error naming the one-writer rule', async () => {
    const lockedDir = path.join(dataDir, 'locked');
    fs.mkdirSync(lockedDir);
    const file = path.join(lockedDir, DATABASE_FILE);
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require('@duckdb/node-api').DuckDBInstance.create(${JSON.stringify(file)}).then(() => { console.log('ready'); setInterval(() => {}, 1000); })`,
      ],
      {
        cwd: path.resolve(__dirname, '../..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) resolve();
        });
        holder.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
      });
      await expect(openDatabase({ memory: false, dataDir: lockedDir })).rejects.toThrow(/one writer process per file/);
    } finally {
      holder.kill();
    }
  });
});
