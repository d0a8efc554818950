/** The upsert's decide/apply split on a real DuckDB: the apply transaction re-checks the decision (7.3 upsert_branch_changed). */
import { DuckDBInstance } from '@duckdb/node-api';
import { CODE_UPSERT_BRANCH_CHANGED } from '../../src/core/wire/wire-names';
import type { Principal } from '../../local-platform/auth';
import { ControlDb } from '../../local-platform/database';
import { DEV_USERS, rightsOf } from '../../local-platform/dev-credentials';
import { HttpError } from '../../local-platform/http-io';
import { findByPublicId } from '../../local-platform/report-store';
import { applyUpsert, decideUpsert, type UpsertRequest } from '../../local-platform/report-upsert';
import { seedIfEmpty } from '../../local-platform/seed';
import { createStateTables } from '../../local-platform/state-schema';
import { rejectionOf } from '../helpers/caught-error';

let instance: DuckDBInstance;
let db: ControlDb;
const editor: Principal = { user: DEV_USERS[1]!, rights: rightsOf('editor') };
const request = (publicId: string, name: string): UpsertRequest => ({
  deploymentId: '101',
  publicId,
  body: { name },
  caller: editor,
  nowIso: '2025-01-01T00:00:00.000Z',
});

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  db = new ControlDb(await instance.connect());
  await db.transaction(async (sql) => {
    await createStateTables(sql);
    await seedIfEmpty(sql);
  });
});
afterAll(async () => {
  await db.close();
  instance.closeSync();
});

describe('7.3 decide outside, apply inside a transaction that re-checks', () => {
  it('7.3 two creates decided before either applies: the second apply is rejected with upsert_branch_changed', async () => {
    const a = request('applyRace001', 'A');
    const b = request('applyRace001', 'B');
    const da = await db.exclusive((sql) => decideUpsert(sql, a));
    const dbb = await db.exclusive((sql) => decideUpsert(sql, b));
    expect(da).toEqual({ kind: 'create' });
    expect(dbb).toEqual({ kind: 'create' });
    await db.transaction((sql) => applyUpsert(sql, da, a));
    const err = await rejectionOf(
      db.transaction((sql) => applyUpsert(sql, dbb, b)),
      HttpError,
    );
    expect([err.status, err.code]).toEqual([409, CODE_UPSERT_BRANCH_CHANGED]);
    expect((await db.exclusive((sql) => findByPublicId(sql, 'applyRace001')))?.name).toBe('A');
  });

  it('7.3 an update decided before the report was deleted is rejected and nothing is recreated', async () => {
    const a = request('applyRace002', 'first');
    await db.transaction(async (sql) => applyUpsert(sql, await decideUpsert(sql, a), a));
    const update = request('applyRace002', 'second');
    const decision = await db.exclusive((sql) => decideUpsert(sql, update));
    expect(decision.kind).toBe('update');
    await db.exclusive((sql) => sql.run(`DELETE FROM control.reports WHERE public_id = 'applyRace002'`));
    const err = await rejectionOf(
      db.transaction((sql) => applyUpsert(sql, decision, update)),
      HttpError,
    );
    expect(err.code).toBe(CODE_UPSERT_BRANCH_CHANGED);
    expect(await db.exclusive((sql) => findByPublicId(sql, 'applyRace002'))).toBeNull();
  });

  it('7.3 a legacy adoption decided before another writer adopted it is rejected', async () => {
    const adopt = request('legacy000001', 'mine');
    const decision = await db.exclusive((sql) => decideUpsert(sql, adopt));
    expect(decision).toMatchObject({ kind: 'adopt-legacy', reportId: 2 });
    await db.exclusive((sql) => sql.run(`UPDATE control.reports SET public_id = 'legacy000001' WHERE id = 2`));
    const err = await rejectionOf(
      db.transaction((sql) => applyUpsert(sql, decision, adopt)),
      HttpError,
    );
    expect(err.code).toBe(CODE_UPSERT_BRANCH_CHANGED);
  });
});
