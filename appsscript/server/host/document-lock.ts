/** The document lock around every write, so two refreshes of one spreadsheet (two users, or the menu and the sidebar) never interleave. */
import { AddinError } from '../../../src/core/errors/addin-error';
import type { LockServiceLike } from '../apps-script/apps-script-services';

/** How long a write waits for another one to finish before giving up. */
export const LOCK_WAIT_MS = 30_000;

function lockBusy(): AddinError {
  return new AddinError(
    'host',
    'Another refresh is writing to this spreadsheet. Wait until it has finished, then try again. Nothing was changed.',
    {
      code: 'documentLocked',
    },
  );
}

function acquire(locks: LockServiceLike, waitMs: number): { releaseLock(): void } {
  const lock = locks.getDocumentLock();
  if (lock === null) throw new AddinError('host', 'Open the add-in from a Google Sheets spreadsheet: this script is not bound to one.');
  if (!lock.tryLock(waitMs)) throw lockBusy();
  return lock;
}

/** Runs `fn` holding the document lock, released however `fn` ends. */
export function withDocumentLock<T>(locks: LockServiceLike, fn: () => T, waitMs = LOCK_WAIT_MS): T {
  const lock = acquire(locks, waitMs);
  try {
    return fn();
  } finally {
    lock.releaseLock();
  }
}

/** The same around an async job that runs to its end inside this execution (all Apps Script services are synchronous). */
export async function withDocumentLockAsync<T>(locks: LockServiceLike, fn: () => Promise<T>, waitMs = LOCK_WAIT_MS): Promise<T> {
  const lock = acquire(locks, waitMs);
  try {
    return await fn();
  } finally {
    lock.releaseLock();
  }
}
