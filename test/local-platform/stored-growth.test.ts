/** What a caller may store: token and report field sizes, placements per workbook and report, live tokens, and UTF-8 bodies. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { errorBodySchema, metaSyncTokenResponseSchema, reportSchema, type Report } from '../../src/core/wire/schemas';
import { paths, SQL_QUERY_PATH } from '../../src/core/wire/wire-names';
import { MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS, MAX_QUERY_TEXT_BYTES, MAX_SECURITY_CONTEXT_BYTES } from '../../local-platform/body-limits';
import type { Sql } from '../../local-platform/database';
import {
  checkRoomForPlacement,
  MAX_LIVE_TOKENS_PER_USER,
  MAX_PLACEMENTS_PER_REPORT,
  MAX_PLACEMENTS_PER_USER,
  MAX_PLACEMENTS_PER_WORKBOOK,
  MAX_REPORTS_PER_USER,
} from '../../local-platform/stored-growth';
import { DATABASE_FILE } from '../../local-platform/database';
import { startPlatform, type RunningPlatform } from '../../local-platform/server';
import { platformPerFile } from '../helpers/platform-per-file';
import { ADMIN, VIEWER, call, freshPublicId, type Answer } from './http';

let clock = Date.parse('2025-06-01T12:00:00.000Z');
const platform = platformPerFile({ now: () => clock });

const errorOf = (a: Answer, status: number): string => {
  expect(a.status).toBe(status);
  return errorBodySchema.parse(a.json).error;
};
const reportOf = (a: Answer): Report => {
  expect([200, 201]).toContain(a.status);
  return reportSchema.parse(a.json);
};
const create = (body: Record<string, unknown> = {}): Promise<Answer> =>
  call('POST', platform.url + paths.reports('101'), { body: { name: 'Growth', ...body } });
const read = async (id: number): Promise<Report> => reportOf(await call('GET', platform.url + paths.reportById('101', id)));
const issueToken = (securityContext: unknown, key = VIEWER): Promise<Answer> =>
  call('POST', platform.url + paths.metaSyncToken('101', '1011'), { key, body: { security_context: securityContext, expires_in: 60 } });

describe('meta-sync token requests', () => {
  it(`a security_context over ${MAX_SECURITY_CONTEXT_BYTES} bytes is a 413 naming it; one within it is issued`, async () => {
    const message = errorOf(await issueToken({ blob: 'x'.repeat(512 * 1024) }), 413);
    expect(message).toMatch(/security_context: \d+ bytes, more than the 8192 allowed/);
    metaSyncTokenResponseSchema.parse((await issueToken({ blob: 'x'.repeat(MAX_SECURITY_CONTEXT_BYTES - 100) })).json);
  });

  it(`a user holds at most ${MAX_LIVE_TOKENS_PER_USER} unexpired tokens (409 past it); expired ones make room`, async () => {
    clock += 3_600_000; // the earlier tests' tokens have expired
    for (let i = 0; i < MAX_LIVE_TOKENS_PER_USER; i++) expect((await issueToken({ n: i })).status).toBe(200);
    expect(errorOf(await issueToken({ n: 'one more' }), 409)).toMatch(/100 unexpired meta-sync tokens/);
    expect((await issueToken({}, 'dev-editor-key')).status).toBe(200);
    clock += 61_000;
    expect((await issueToken({ n: 'after expiry' })).status).toBe(200);
  });
});

describe('rows in a database file', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-growth-'));
    // A file from an earlier version, whose token records held the context: the platform drops that column.
    await withFile((c) =>
      c.run(`CREATE SCHEMA control; CREATE TABLE control.meta_sync_tokens (jti VARCHAR PRIMARY KEY, deployment_id VARCHAR NOT NULL,
        environment_id VARCHAR NOT NULL, user_id INTEGER NOT NULL, security_context VARCHAR NOT NULL, created_at VARCHAR NOT NULL,
        expires_at VARCHAR NOT NULL)`),
    );
    await (await started()).close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const started = (): Promise<RunningPlatform> => startPlatform({ port: 0, dataDir, rows: 200 });
  const databaseFile = (): string => path.join(dataDir, DATABASE_FILE);
  const withFile = async (fn: (c: DuckDBConnection) => Promise<unknown>): Promise<void> => {
    const instance = await DuckDBInstance.create(databaseFile());
    const connection = await instance.connect();
    await fn(connection);
    connection.closeSync();
    instance.closeSync();
  };

  it('tokens that expire at once, each with an 8 KiB context, do not grow the database file: expired records are deleted and hold no context', async () => {
    const churn = async (tokens: number): Promise<number> => {
      const p = await started();
      const context = { blob: 'x'.repeat(MAX_SECURITY_CONTEXT_BYTES - 100) };
      for (let i = 0; i < tokens; i++) {
        const body = { security_context: context, expires_in: 0.001 };
        expect((await call('POST', p.url + paths.metaSyncToken('101', '1011'), { key: VIEWER, body })).status).toBe(200);
      }
      await p.close();
      return fs.statSync(databaseFile()).size;
    };
    // The first tokens give the table its blocks; 200 more contexts are 1.6 MB, their records (deleted) a few KB, and
    // the file moves by a couple of 256 KiB blocks as DuckDB's checkpoints reuse them.
    const warm = await churn(20);
    expect((await churn(200)) - warm).toBeLessThan(1024 * 1024);
  });

  it(`a user creates at most ${MAX_REPORTS_PER_USER} reports (409 past it, by POST and by upsert); updating one still works`, async () => {
    // The admin's reports up to the cap, written straight into the file (a thousand POSTs take many seconds).
    await withFile((c) =>
      c.run(
        `INSERT INTO control.reports (id, deployment_id, name, type, created_at, updated_at, created_by, updated_by, version)
         SELECT 500000 + i, '101', 'Cap ' || i, 'REPORT', '2025-06-01', '2025-06-01', 1, 1, 1
         FROM range((SELECT ${MAX_REPORTS_PER_USER} - count(*) FROM control.reports WHERE created_by = 1)) r(i)`,
      ),
    );
    const p = await started();
    try {
      const refused = await call('POST', p.url + paths.reports('101'), { key: ADMIN, body: { name: 'One more' } });
      expect(errorOf(refused, 409)).toMatch(/You have created 1000 reports, the most one user may/);
      const upsert = await call('PUT', p.url + paths.reportByPublicId('101', freshPublicId('cap')), {
        key: ADMIN,
        body: { name: 'Upsert' },
      });
      expect(errorOf(upsert, 409)).toMatch(/You have created 1000 reports/);
      const updated = await call('PUT', p.url + paths.reportById('101', 500000), { key: ADMIN, body: { title: 'Still editable' } });
      expect(reportOf(updated).title).toBe('Still editable');
      expect((await call('POST', p.url + paths.reports('101'), { body: { name: 'Another user' } })).status).toBe(201);
    } finally {
      await p.close();
    }
  });
});

describe('report fields', () => {
  it.each([
    ['name', MAX_NAME_CHARS],
    ['title', MAX_NAME_CHARS],
    ['description', MAX_DESCRIPTION_CHARS],
  ] as const)('a %s over %i characters is a 400 on create and update; the report stays as it was', async (field, max) => {
    expect(errorOf(await create({ [field]: 'n'.repeat(max + 1) }), 400)).toContain(`${field}: ${max + 1} characters, more than the ${max}`);
    const r = reportOf(await create({ [field]: 'n'.repeat(max) }));
    expect(
      errorOf(await call('PUT', platform.url + paths.reportById('101', r.id), { body: { [field]: 'm'.repeat(max + 1) } }), 400),
    ).toContain(field);
    expect((await read(r.id)).version).toBe(r.version);
  });

  it(`a sqlQuery over ${MAX_QUERY_TEXT_BYTES} bytes is a 413`, async () => {
    expect(errorOf(await create({ sqlQuery: `SELECT '${'x'.repeat(MAX_QUERY_TEXT_BYTES)}'` }), 413)).toMatch(/sqlQuery: \d+ bytes/);
  });
});

describe('placements', () => {
  const connect = (r: Report, workbook: string, placement: string): Promise<Answer> =>
    call('PUT', platform.url + paths.connectWorkbook('101', r.id), {
      key: VIEWER,
      body: { externalWorkbookId: workbook, placementId: placement, anchorCell: 'A1' },
    });

  it(`a report keeps at most ${MAX_PLACEMENTS_PER_WORKBOOK} placements per workbook (409 past it); existing ones still refresh`, async () => {
    const r = reportOf(await create());
    for (let i = 0; i < MAX_PLACEMENTS_PER_WORKBOOK; i++) expect((await connect(r, 'wb-cap', `p${i}`)).status).toBe(200);
    const message = errorOf(await connect(r, 'wb-cap', 'one-more'), 409);
    expect(message).toMatch(/already has 50 placements in this workbook/);
    expect((await read(r.id)).externalWorkbookPlacements).toHaveLength(MAX_PLACEMENTS_PER_WORKBOOK);
    expect((await connect(r, 'wb-cap', 'p0')).status).toBe(200);
    expect((await connect(r, 'wb-other', 'p0')).status).toBe(200);
  });

  // Counted by the store: a fake answers the three counts (filling a real report with 500 placements takes minutes).
  const sqlWith = (counts: { inWorkbook?: number; inReport?: number; byUser?: number }): Sql => ({
    all: (text) => {
      const n = text.includes('placed_by') ? counts.byUser : text.includes('external_workbook_id') ? counts.inWorkbook : counts.inReport;
      return Promise.resolve([{ n: n ?? 0 }]);
    },
    run: () => Promise.resolve(),
  });

  it(`a report keeps at most ${MAX_PLACEMENTS_PER_REPORT} placements across workbooks`, async () => {
    await expect(checkRoomForPlacement(sqlWith({ inReport: MAX_PLACEMENTS_PER_REPORT - 1 }), 7, 'wb', 3)).resolves.toBeUndefined();
    await expect(checkRoomForPlacement(sqlWith({ inReport: MAX_PLACEMENTS_PER_REPORT }), 7, 'wb', 3)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/Report 7 already has 500 placements, the most a report keeps/),
    });
  });

  it(`a user keeps at most ${MAX_PLACEMENTS_PER_USER} placements across reports`, async () => {
    await expect(checkRoomForPlacement(sqlWith({ byUser: MAX_PLACEMENTS_PER_USER - 1 }), 7, 'wb', 3)).resolves.toBeUndefined();
    await expect(checkRoomForPlacement(sqlWith({ byUser: MAX_PLACEMENTS_PER_USER }), 7, 'wb', 3)).rejects.toMatchObject({
      status: 409,
      code: 'placement_limit',
      message: expect.stringMatching(/You have placed 2000 reports in workbooks, the most one user keeps/),
    });
  });
});

describe('bodies that are not UTF-8', () => {
  const invalid = Buffer.concat([Buffer.from('{"name":"Bad '), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);
  const send = (method: string, url: string, bytes: Buffer, headers: Record<string, string>) =>
    fetch(url, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: new Uint8Array(bytes) });

  it('the control plane answers 400 and stores nothing (no U+FFFD)', async () => {
    const r = reportOf(await create());
    const res = await send('PUT', platform.url + paths.reportById('101', r.id), invalid, { Authorization: 'Bearer dev-editor-key' });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(await res.json()).error).toMatch(/not valid UTF-8/);
    expect(await read(r.id)).toMatchObject({ name: 'Growth', version: r.version });
  });

  it('the query API answers 400 UserError', async () => {
    const body = Buffer.concat([Buffer.from('{"query":"SELECT \''), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('\' AS s"}')]);
    const res = await send('POST', `${platform.url}/d/101${SQL_QUERY_PATH}`, body, { Authorization: VIEWER });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ type: 'UserError', error: 'Invalid query format: request body is not valid UTF-8' });
  });
});
