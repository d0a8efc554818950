// The Apps Script service fakes and execution clock against Google's documented limits and messages.
// Covers PropertiesService, CacheService, LockService, HtmlService, ScriptApp, Utilities and the execution clock.
import { createFakeEnvironment, type FakeEnvironment } from './environment';
import { EXECUTION_LIMIT_MS } from './execution';
import { MAX_STORE_BYTES, MAX_VALUE_BYTES } from './properties';
import { thrownMessage } from '../../helpers/caught-error';

let env: FakeEnvironment;
beforeEach(() => {
  env = createFakeEnvironment({ htmlFiles: new Map([['Sidebar', '<p>Hi <?= who ?></p>']]) });
  env.begin('FULL');
});
afterEach(() => env.close());

interface G {
  PropertiesService: { getUserProperties(): P; getDocumentProperties(): P; getScriptProperties(): P };
  CacheService: { getScriptCache(): { put(k: string, v: string, s?: number): void; get(k: string): string | null } };
  Utilities: { sleep(ms: number): void };
  ScriptApp: typeof env.triggers.app;
  HtmlService: {
    createHtmlOutputFromFile(n: string): { setTitle(t: string): { getTitle(): string; getContent(): string } };
    createTemplateFromFile(n: string): Record<string, unknown> & { evaluate(): { getContent(): string } };
  };
}
interface P {
  getProperty(k: string): string | null;
  setProperty(k: string, v: string): P;
  getKeys(): string[];
  deleteProperty(k: string): P;
}
const g = () => env.globals() as unknown as G;

test('user, document and script properties are separate stores of strings', () => {
  g().PropertiesService.getUserProperties().setProperty('k', 'user');
  g().PropertiesService.getDocumentProperties().setProperty('k', 'doc');
  expect(g().PropertiesService.getScriptProperties().getProperty('k')).toBeNull();
  expect(g().PropertiesService.getUserProperties().getProperty('k')).toBe('user');
  expect(g().PropertiesService.getDocumentProperties().getProperty('k')).toBe('doc');
  g().PropertiesService.getDocumentProperties().deleteProperty('k');
  expect(g().PropertiesService.getDocumentProperties().getKeys()).toEqual([]);
});

test('a value over 9 KB and a store over 500 KB are refused with Apps Script messages, leaving the store as it was', () => {
  const doc = g().PropertiesService.getDocumentProperties();
  expect(thrownMessage(() => doc.setProperty('big', 'x'.repeat(MAX_VALUE_BYTES + 1)))).toBe('Argument too large: value');
  // Multi-byte text counts in UTF-8 bytes: 3,100 euro signs are 9,300 bytes.
  expect(thrownMessage(() => doc.setProperty('euros', '€'.repeat(3100)))).toBe('Argument too large: value');
  const chunk = 'y'.repeat(9000);
  let i = 0;
  for (; (i + 1) * 9006 <= MAX_STORE_BYTES; i += 1) doc.setProperty(`k${String(i).padStart(4, '0')}`, chunk);
  expect(thrownMessage(() => doc.setProperty('one-more', chunk))).toBe(
    'You have exceeded the property storage quota. Please remove some properties and try again.',
  );
  expect(doc.getKeys()).toHaveLength(i);
  expect(doc.getProperty('one-more')).toBeNull();
});

test('properties cannot be read in AuthMode.NONE', () => {
  env.begin('NONE');
  expect(thrownMessage(() => g().PropertiesService.getUserProperties())).toMatch(
    /^You do not have permission to call PropertiesService.getUserProperties/,
  );
});

test('the cache keeps values up to 100 KB until they expire on the clock', () => {
  const cache = g().CacheService.getScriptCache();
  cache.put('job', 'running', 60);
  env.execution.advance(59_000);
  expect(cache.get('job')).toBe('running');
  env.execution.advance(1_000);
  expect(cache.get('job')).toBeNull();
  expect(thrownMessage(() => cache.put('big', 'x'.repeat(100 * 1024 + 1)))).toBe('Argument too large: value');
  expect(thrownMessage(() => cache.put('k'.repeat(251), 'v'))).toBe('Argument too large: key');
});

test('a document lock held elsewhere makes tryLock wait on the clock and fail at its timeout; waitLock throws', () => {
  const lock = env.locks.document;
  lock.heldElsewhereUntil = env.execution.now() + 5_000;
  const t0 = env.execution.now();
  expect(lock.tryLock(1_000)).toBe(false);
  expect(env.execution.now() - t0).toBe(1_000);
  expect(thrownMessage(() => lock.waitLock(1_000))).toBe('Lock timeout: another process was holding the lock for too long.');
  expect(lock.tryLock(10_000)).toBe(true);
  expect(env.execution.now() - t0).toBe(5_000);
  expect(lock.hasLock()).toBe(true);
  lock.releaseLock();
  expect(lock.hasLock()).toBe(false);
});

test('Utilities.sleep advances the clock, and past 6 minutes every service call throws Exceeded maximum execution time', () => {
  g().Utilities.sleep(300_000);
  expect(env.execution.elapsed()).toBe(300_000);
  expect(thrownMessage(() => g().Utilities.sleep(61_000))).toBe('Exceeded maximum execution time');
  expect(env.execution.elapsed()).toBeGreaterThan(EXECUTION_LIMIT_MS);
  expect(thrownMessage(() => env.book.getSheets())).toBe('Exceeded maximum execution time');
  env.begin('FULL');
  expect(env.book.getSheets()).toHaveLength(1);
});

test('one-off time-based triggers are created, listed, fire once their time has come and are deleted', () => {
  const app = g().ScriptApp;
  const t = app.newTrigger('resumeRefreshAll').timeBased().after(60_000).create();
  expect(app.getProjectTriggers().map((x) => x.getHandlerFunction())).toEqual(['resumeRefreshAll']);
  expect(env.triggers.takeDue()).toEqual([]);
  env.execution.advance(60_000);
  expect(env.triggers.takeDue()).toEqual([{ id: t.getUniqueId(), handler: 'resumeRefreshAll' }]);
  expect(env.triggers.takeDue()).toEqual([]);
  app.deleteTrigger(t);
  expect(app.getProjectTriggers()).toEqual([]);
  for (let i = 0; i < 20; i += 1) app.newTrigger('f').timeBased().after(1).create();
  expect(thrownMessage(() => app.newTrigger('f').timeBased().after(1).create())).toMatch(/^This script has too many triggers/);
  env.begin('LIMITED');
  expect(thrownMessage(() => app.getProjectTriggers())).toMatch(
    /Required permissions: https:\/\/www.googleapis.com\/auth\/script.scriptapp$/,
  );
});

test('HtmlService reads project files, evaluates template scriptlets with escaping, and keeps the title', () => {
  const out = g().HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Reports');
  expect([out.getTitle(), out.getContent()]).toEqual(['Reports', '<p>Hi <?= who ?></p>']);
  const t = g().HtmlService.createTemplateFromFile('Sidebar');
  t.who = '<b>';
  expect(t.evaluate().getContent()).toBe('<p>Hi &lt;b&gt;</p>');
  expect(thrownMessage(() => g().HtmlService.createHtmlOutputFromFile('Missing'))).toBe('No HTML file named Missing was found.');
});
