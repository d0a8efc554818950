// The document lock helper and the one-off resume triggers over the LockService and ScriptApp fakes.
// Also the resume state kept in document properties.
import { PRODUCT_PREFIX } from '../../../../src/core/wire/wire-names';
import { withDocumentLock, withDocumentLockAsync } from '../../../../appsscript/server/host/document-lock';
import { DocumentPropertyStore } from '../../../../appsscript/server/host/document-property-store';
import { RefreshAllResumeStore } from '../../../../appsscript/server/refresh-all/refresh-all-resume';
import { ResumeTriggers } from '../../../../appsscript/server/refresh-all/resume-trigger';
import { addinErrorOf, addinRejection } from '../../../helpers/caught-error';
import { createFakeEnvironment, type FakeEnvironment } from '../../fakes/environment';

let env: FakeEnvironment;
beforeEach(() => {
  env = createFakeEnvironment();
  env.begin('FULL');
});
afterEach(() => env.close());

test('the lock is held while the function runs and released when it throws', () => {
  const locks = env.globals().LockService as typeof env.locks & { getDocumentLock(): typeof env.locks.document };
  expect(withDocumentLock(locks, () => env.locks.document.hasLock())).toBe(true);
  expect(env.locks.document.hasLock()).toBe(false);
  expect(() =>
    withDocumentLock(locks, () => {
      throw new Error('boom');
    }),
  ).toThrow('boom');
  expect(env.locks.document.hasLock()).toBe(false);
});

test('a write while another execution holds the lock waits, then fails with a clear message without running', async () => {
  const locks = { getDocumentLock: () => env.locks.document };
  env.locks.document.heldElsewhereUntil = env.execution.now() + 60_000;
  let ran = false;
  const e = addinErrorOf(() => withDocumentLock(locks, () => (ran = true), 30_000));
  expect([e.kind, e.code, ran]).toEqual(['host', 'documentLocked', false]);
  expect(e.message).toMatch(/^Another refresh is writing to this spreadsheet/);
  expect(env.execution.elapsed()).toBe(30_000);
  // The other execution ends within the next wait: the async job gets the lock, and gives it back after.
  await expect(withDocumentLockAsync(locks, async () => env.locks.document.hasLock())).resolves.toBe(true);
  expect(env.locks.document.hasLock()).toBe(false);
  await expect(withDocumentLockAsync(locks, async () => Promise.reject(new Error('late')))).rejects.toThrow('late');
  expect(env.locks.document.hasLock()).toBe(false);
  expect((await addinRejection(withDocumentLockAsync({ getDocumentLock: () => null }, async () => 1))).kind).toBe('host');
});

test('scheduling a resumption replaces the pending one; it fires after its delay and is cleared', () => {
  const triggers = new ResumeTriggers(env.triggers.app);
  triggers.schedule('resumeRefreshAll', 60_000);
  const id = triggers.schedule('resumeRefreshAll', 60_000);
  env.triggers.app.newTrigger('other').timeBased().after(1).create();
  expect(env.triggers.triggers.filter((t) => t.handler === 'resumeRefreshAll').map((t) => t.id)).toEqual([id]);
  env.execution.advance(60_000);
  expect(env.triggers.takeDue().map((t) => t.handler)).toEqual(['other', 'resumeRefreshAll']);
  expect(triggers.pending('resumeRefreshAll')).toBe(true);
  expect(triggers.clear('resumeRefreshAll')).toBe(1);
  expect(triggers.pending('resumeRefreshAll')).toBe(false);
  env.begin('LIMITED');
  expect(() => triggers.schedule('resumeRefreshAll')).toThrow(/script\.scriptapp/);
});

test('the resume state round-trips through document properties and refuses a placement both done and remaining', () => {
  const store = new RefreshAllResumeStore(new DocumentPropertyStore(env.stores.document));
  expect(store.read()).toBeNull();
  store.save({ jobId: 'j', remaining: ['p3', 'p4'], done: ['p1', 'p2'], failed: ['p2'], startedAt: 5, executions: 1 });
  // A state saved without the newer fields reads with their defaults: a menu run, waiting for its resume trigger.
  expect(store.read()).toEqual({
    jobId: 'j',
    remaining: ['p3', 'p4'],
    done: ['p1', 'p2'],
    failed: ['p2'],
    skipped: [],
    unconfirmed: [],
    startedAt: 5,
    executions: 1,
    trigger: 'menu',
    reasons: [],
    savedAt: 0,
    waiting: true,
  });
  expect(
    addinErrorOf(() => store.save({ jobId: 'j', remaining: ['p2'], done: ['p2'], failed: [], skipped: [], startedAt: 5, executions: 2 }))
      .kind,
  ).toBe('host');
  env.stores.document.setProperty(`${PRODUCT_PREFIX}.refreshAll.resume`, '{"jobId":1}');
  expect(addinErrorOf(() => store.read()).kind).toBe('host');
  store.clear();
  expect(store.read()).toBeNull();
});
