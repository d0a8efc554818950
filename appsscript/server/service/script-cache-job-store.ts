/**
 * The core's JobStore in the script cache, so a job's status and a cancel asked for cross Apps Script executions.
 * The sidebar polls from its own calls while the job's call runs.
 */
import { PRODUCT_PREFIX } from '../../../src/core/wire/wire-names';
import type { JobStore } from '../../../src/core/jobs/job-store';
import type { CacheLike } from '../apps-script/apps-script-services';
import { CacheTextStore } from './cache-text-store';

/** Prefix of the job keys in the cache (the core's keys are the job id and the job id's cancel key). */
export const JOB_KEY_PREFIX = `${PRODUCT_PREFIX}.job.`;

export class ScriptCacheJobStore implements JobStore {
  private readonly texts: CacheTextStore;
  constructor(cache: CacheLike) {
    this.texts = new CacheTextStore(cache);
  }
  async get(key: string): Promise<string | null> {
    return this.texts.get(JOB_KEY_PREFIX + key);
  }
  async set(key: string, value: string): Promise<void> {
    this.texts.set(JOB_KEY_PREFIX + key, value);
  }
}
