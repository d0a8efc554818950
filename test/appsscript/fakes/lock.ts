/**
 * A strict fake of `LockService`: document, script and user locks.
 * Another execution can hold one until a time on the fake clock, so waiting costs time.
 */
import { Execution } from './execution';

export const LOCK_TIMEOUT_MESSAGE = 'Lock timeout: another process was holding the lock for too long.';

export class FakeLock {
  private held = false;
  /** Another execution holds the lock until this time (test control). */
  heldElsewhereUntil = -Infinity;

  constructor(
    private readonly execution: Execution,
    private readonly kind: string,
  ) {}

  tryLock(timeoutInMillis: number): boolean {
    this.execution.call(`LockService.Lock.tryLock`, 'document', '');
    if (!Number.isInteger(timeoutInMillis) || timeoutInMillis < 0 || timeoutInMillis > 300000)
      throw new Error('Invalid argument: timeoutInMillis');
    if (this.held) return true;
    const now = this.execution.now();
    if (this.heldElsewhereUntil > now) {
      const wait = this.heldElsewhereUntil - now;
      if (wait > timeoutInMillis) {
        this.execution.advance(timeoutInMillis);
        return false;
      }
      this.execution.advance(wait);
    }
    this.held = true;
    return true;
  }
  waitLock(timeoutInMillis: number): void {
    if (!this.tryLock(timeoutInMillis)) throw new Error(LOCK_TIMEOUT_MESSAGE);
  }
  hasLock(): boolean {
    return this.held;
  }
  releaseLock(): void {
    this.held = false;
  }
  toString(): string {
    return `${this.kind}Lock`;
  }
}

export function fakeLockService(execution: Execution) {
  const locks = {
    document: new FakeLock(execution, 'Document'),
    script: new FakeLock(execution, 'Script'),
    user: new FakeLock(execution, 'User'),
  };
  const get = <T>(method: string, lock: T): T => {
    execution.call(`LockService.${method}`, 'document', '');
    return lock;
  };
  const service = {
    getDocumentLock: (): FakeLock | null => get('getDocumentLock', locks.document),
    getScriptLock: (): FakeLock => get('getScriptLock', locks.script),
    getUserLock: (): FakeLock => get('getUserLock', locks.user),
  };
  return { service, locks };
}
