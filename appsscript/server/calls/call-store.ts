/**
 * The answers of sidebar calls, kept in the user's cache under the call id the sidebar minted.
 * A call's promise settles within its own execution (every Apps Script service is synchronous), after its entry point
 * has returned, so the sidebar reads the answer with `callResult`.
 */
import { PRODUCT_PREFIX } from '../../../src/core/wire/wire-names';
import type { CacheLike } from '../apps-script/apps-script-services';
import { CacheTextStore } from '../service/cache-text-store';
import { callRecordSchema, type CallRecord } from '../../shared/sidebar-api';

export const CALL_KEY_PREFIX = `${PRODUCT_PREFIX}.call.`;

export class CallStore {
  private readonly texts: CacheTextStore;
  constructor(cache: CacheLike) {
    this.texts = new CacheTextStore(cache);
  }

  write(callId: string, record: CallRecord): void {
    this.texts.set(CALL_KEY_PREFIX + callId, JSON.stringify(record));
  }

  /** The call's record; null when unknown, expired or unreadable (the sidebar then says the call was lost). */
  read(callId: string): CallRecord | null {
    const text = this.texts.get(CALL_KEY_PREFIX + callId);
    if (text === null) return null;
    try {
      const parsed = callRecordSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
