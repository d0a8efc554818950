/**
 * The fake Apps Script execution: a clock that only moves when told, the 6-minute limit and the authorization mode.
 * Services a mode may not call throw their permission errors.
 */
import { zonedMinute } from '../../../src/ui/zoned-time';
import { randomUUID } from 'node:crypto';

/** Apps Script's limit for one execution (a menu click, a trigger, a `google.script.run` call). */
export const EXECUTION_LIMIT_MS = 6 * 60 * 1000;

export type AuthModeName = 'NONE' | 'LIMITED' | 'FULL' | 'CUSTOM_FUNCTION';

/** The enum `ScriptApp.AuthMode`; values are the names, as Apps Script's enums print. */
export const AuthMode: Readonly<Record<AuthModeName, AuthModeName>> = Object.freeze({
  NONE: 'NONE',
  LIMITED: 'LIMITED',
  FULL: 'FULL',
  CUSTOM_FUNCTION: 'CUSTOM_FUNCTION',
});

/** OAuth scopes named in the permission errors, as in Google's reference pages. */
export const SCOPES = {
  currentOnly: 'https://www.googleapis.com/auth/spreadsheets.currentonly',
  externalRequest: 'https://www.googleapis.com/auth/script.external_request',
  containerUi: 'https://www.googleapis.com/auth/script.container.ui',
  scriptApp: 'https://www.googleapis.com/auth/script.scriptapp',
} as const;

/** What a service needs: `document` = works in LIMITED (the bound document), `full` = only in FULL. */
export type Access = 'ui' | 'document' | 'full';

export class Execution {
  private nowMs: number;
  private startedAt: number;
  authMode: AuthModeName = 'FULL';
  /** Milliseconds each service call costs on the fake clock (0: time moves only with sleep and advance). */
  callCostMs = 0;

  constructor(startMs = Date.UTC(2026, 0, 5, 9, 0, 0)) {
    this.nowMs = startMs;
    this.startedAt = startMs;
  }

  /** A new execution: the 6-minute budget starts again, in the given mode. */
  begin(authMode: AuthModeName = 'FULL'): void {
    this.authMode = authMode;
    this.startedAt = this.nowMs;
  }

  now(): number {
    return this.nowMs;
  }

  elapsed(): number {
    return this.nowMs - this.startedAt;
  }

  /** Moves the clock; passing the limit makes the next service call throw, as Apps Script stops the script. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`advance needs a non-negative duration, got ${ms}`);
    this.nowMs += ms;
  }

  /** Called by every fake service method: charges its cost and enforces the time limit and the authorization mode. */
  call(service: string, access: Access, scope: string): void {
    this.nowMs += this.callCostMs;
    if (this.elapsed() > EXECUTION_LIMIT_MS) throw new Error('Exceeded maximum execution time');
    const allowed =
      access === 'ui' ||
      (access === 'document' && (this.authMode === 'LIMITED' || this.authMode === 'FULL')) ||
      (access === 'full' && this.authMode === 'FULL');
    if (!allowed) throw new Error(`You do not have permission to call ${service}. Required permissions: ${scope}`);
  }
}

/**
 * `Utilities`: `sleep`, which advances the fake clock (at most 5 minutes, as documented), `getUuid`, and `formatDate`
 * for the one pattern the add-in uses ("yyyy-MM-dd HH:mm"; another pattern is a bug in the fake's caller).
 */
export function fakeUtilities(execution: Execution) {
  return {
    sleep(milliseconds: number): void {
      execution.call('Utilities.sleep', 'ui', '');
      if (!Number.isInteger(milliseconds) || milliseconds < 0 || milliseconds > 300000) {
        throw new Error(`Invalid argument: milliseconds`);
      }
      execution.advance(milliseconds);
      if (execution.elapsed() > EXECUTION_LIMIT_MS) throw new Error('Exceeded maximum execution time');
    },
    formatDate(date: Date, timeZone: string, format: string): string {
      execution.call('Utilities.formatDate', 'ui', '');
      if (format !== 'yyyy-MM-dd HH:mm') throw new Error(`The fake formats "yyyy-MM-dd HH:mm" only (got "${format}").`);
      return zonedMinute(date, timeZone);
    },
    /** A random version-4 UUID, as Utilities.getUuid returns. */
    getUuid(): string {
      execution.call('Utilities.getUuid', 'ui', '');
      return randomUUID();
    },
  };
}

/** `Session`: the active user's email (empty in AuthMode.NONE as for consumer accounts), a temporary user key and the time zone. */
export function fakeSession(execution: Execution, user: { email: string; key: string; timeZone: string }) {
  return {
    getActiveUser() {
      return { getEmail: () => (execution.authMode === 'FULL' ? user.email : '') };
    },
    getEffectiveUser() {
      return { getEmail: () => (execution.authMode === 'FULL' ? user.email : '') };
    },
    getTemporaryActiveUserKey: () => user.key,
    getScriptTimeZone: () => user.timeZone,
  };
}
