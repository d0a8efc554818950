// Text over the cache's 100 KB per value: split into parts and read back whole, or not at all once a part is gone.
// Parts never split a surrogate pair; random bytes come from Utilities.getUuid.
import { CacheTextStore, PART_CHARS } from '../../../../appsscript/server/service/cache-text-store';
import { uuidRandomBytes } from '../../../../appsscript/server/service/server-service';
import { createFakeEnvironment, type FakeEnvironment } from '../../fakes/environment';
import { fakeUtilities } from '../../fakes/execution';

let env: FakeEnvironment;
beforeEach(() => {
  env = createFakeEnvironment();
  env.begin('FULL');
});
afterEach(() => env.close());

test('a short text is one value; a long one (3-byte characters and surrogate pairs at the cuts) is split and joined back exactly', () => {
  const store = new CacheTextStore(env.caches.script);
  store.set('k', 'short');
  expect(store.get('k')).toBe('short');
  const long = `${'€'.repeat(PART_CHARS - 1)}😀${'x'.repeat(10)}${'😀'.repeat(PART_CHARS)}`;
  store.set('big', long); // the fake cache throws on a value over 100 KB
  expect(store.get('big')).toBe(long);
  expect(store.get('missing')).toBeNull();
  env.caches.script.remove('big.1');
  expect(store.get('big')).toBeNull();
});

test('random bytes come from the UUIDs’ random digits only', () => {
  const bytes = uuidRandomBytes(fakeUtilities(env.execution))(64);
  expect(bytes.length).toBe(64);
  expect(new Set(bytes).size).toBeGreaterThan(20);
  const fixed = uuidRandomBytes({ sleep: () => undefined, getUuid: () => '01234567-89ab-4def-8123-456789abcdef' })(15);
  expect([...fixed].map((b) => b.toString(16).padStart(2, '0')).join('')).toBe('0123456789abdef123456789abcdef');
});
