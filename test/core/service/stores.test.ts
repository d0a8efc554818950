/** Session (credential store), workbook context (document), meta-sync token cache and the job registry. */
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { JobRegistry } from '../../../src/core/jobs/job-registry';
import { MetaTokenCache, TOKEN_RENEW_MARGIN_MS } from '../../../src/core/service/meta-token-cache';
import { SESSION_KEY, clearSession, loadSession, saveSession } from '../../../src/core/service/session-store';
import { CONTEXT_KEY, loadContext, saveContext } from '../../../src/core/service/workbook-context-store';

describe('session store', () => {
  it('round-trips in the credential store and treats anything unreadable as signed out', async () => {
    const host = new MemoryHost();
    expect(await loadSession(host.credentials)).toBeNull();
    await saveSession(host.credentials, { tenantUrl: 'https://t.example', apiKey: 'k', authScheme: 'bearer' });
    expect(await loadSession(host.credentials)).toEqual({ tenantUrl: 'https://t.example', apiKey: 'k', authScheme: 'bearer' });
    expect(host.documentStore.keys()).toEqual([]);
    await host.credentials.set(SESSION_KEY, '{"tenantUrl":1}');
    expect(await loadSession(host.credentials)).toBeNull();
    await host.credentials.set(SESSION_KEY, 'not json');
    expect(await loadSession(host.credentials)).toBeNull();
    await clearSession(host.credentials);
    expect(host.credentials.values()).toEqual([]);
  });
});

describe('workbook context store', () => {
  it('round-trips in the document; an environment without a deployment is dropped', async () => {
    const host = new MemoryHost();
    expect(await loadContext(host.documentStore)).toEqual({ deploymentId: null, environmentId: null });
    await saveContext(host.documentStore, { deploymentId: '101', environmentId: '1011' });
    expect(await loadContext(host.documentStore)).toEqual({ deploymentId: '101', environmentId: '1011' });
    await saveContext(host.documentStore, { deploymentId: null, environmentId: '1011' });
    expect(await loadContext(host.documentStore)).toEqual({ deploymentId: null, environmentId: null });
    await host.documentStore.set(CONTEXT_KEY, '[]');
    expect(await loadContext(host.documentStore)).toEqual({ deploymentId: null, environmentId: null });
  });
});

describe('MetaTokenCache', () => {
  it('reuses a token until the renewal margin before expiry, per environment', () => {
    const cache = new MetaTokenCache();
    const expires = Date.parse('2024-01-01T01:00:00.000Z');
    cache.put('101', '1011', { token: 't', created_at: '2024-01-01T00:00:00.000Z', expires_at: '2024-01-01T01:00:00.000Z' });
    expect(cache.get('101', '1011', expires - TOKEN_RENEW_MARGIN_MS - 1)).toBe('t');
    expect(cache.get('101', '1011', expires - TOKEN_RENEW_MARGIN_MS)).toBeNull();
    expect(cache.get('101', '1012', 0)).toBeNull();
    cache.drop('101', '1011');
    expect(cache.get('101', '1011', 0)).toBeNull();
    cache.put('101', '1011', { token: 't', created_at: 'x', expires_at: 'never' });
    expect(cache.get('101', '1011', 0)).toBeNull();
  });
});

describe('JobRegistry', () => {
  it('cancels a running job, applies an early cancel at start, and refuses a duplicate id', () => {
    const jobs = new JobRegistry();
    const signal = jobs.start('a');
    expect(signal.cancelled).toBe(false);
    expect(() => jobs.start('a')).toThrow(/already running/);
    jobs.cancel('a');
    expect(signal.cancelled).toBe(true);
    jobs.finish('a');
    jobs.cancel('b');
    expect(jobs.start('b').cancelled).toBe(true);
    expect(jobs.start('c').cancelled).toBe(false);
  });
  it('marks placements busy while held, counting overlapping holds', () => {
    const jobs = new JobRegistry();
    const r1 = jobs.hold(['p1', 'p2']);
    const r2 = jobs.hold(['p1']);
    r1();
    r1();
    expect(jobs.isBusy('p1')).toBe(true);
    expect(jobs.isBusy('p2')).toBe(false);
    r2();
    expect(jobs.isBusy('p1')).toBe(false);
  });
});
