// The document store (document properties) and the credential store (user properties) over the PropertiesService fake.
// The document store keeps one key per value; the size limits are checked before writing.
import { PRODUCT_PREFIX } from '../../../../src/core/wire/wire-names';
import { DocumentPropertyStore } from '../../../../appsscript/server/host/document-property-store';
import { DOCUMENT_STORE_CAPS } from '../../../../src/core/capped-store';
import { UserCredentialStore } from '../../../../appsscript/server/host/user-credential-store';
import { addinErrorOf } from '../../../helpers/caught-error';
import { createFakeEnvironment, type FakeEnvironment } from '../../fakes/environment';

let env: FakeEnvironment;
beforeEach(() => {
  env = createFakeEnvironment();
  env.begin('FULL');
});
afterEach(() => env.close());

const docStore = () => new DocumentPropertyStore(env.stores.document);

test('each value is its own document property under the product prefix, listed by key prefix', () => {
  const store = docStore();
  store.set('placement.p1', '{"a":1}');
  store.set('placement.p2', '{"b":2}');
  store.set('context', '{}');
  expect(env.stores.document.getProperties()).toEqual({
    [`${PRODUCT_PREFIX}.placement.p1`]: '{"a":1}',
    [`${PRODUCT_PREFIX}.placement.p2`]: '{"b":2}',
    [`${PRODUCT_PREFIX}.context`]: '{}',
  });
  expect(store.keys('placement.')).toEqual(['placement.p1', 'placement.p2']);
  expect(store.get('placement.p2')).toBe('{"b":2}');
  store.remove('placement.p1');
  expect(store.get('placement.p1')).toBeNull();
  expect(env.stores.user.getKeys()).toEqual([]);
});

test('a value over 9 KB is refused with a limit error and nothing is written', () => {
  const store = docStore();
  store.set('placement.p1', 'old');
  const e = addinErrorOf(() => store.set('placement.p1', 'x'.repeat(DOCUMENT_STORE_CAPS.maxValueBytes + 1)));
  expect(e.kind).toBe('limit');
  expect(e.message).toMatch(/at most 9 KB per entry. Nothing was changed\.$/);
  expect(store.get('placement.p1')).toBe('old');
});

test('a write that would take the store past 500 KB is refused; replacing a value counts only the difference', () => {
  const store = docStore();
  const value = 'v'.repeat(9000);
  let i = 0;
  while (env.stores.document.bytes() + 9020 <= DOCUMENT_STORE_CAPS.maxStoreBytes)
    store.set(`placement.${String(i++).padStart(4, '0')}`, value);
  const before = env.stores.document.getProperties();
  const e = addinErrorOf(() => store.set('placement.new', value));
  expect(e.kind).toBe('limit');
  expect(e.message).toMatch(/storage in Google Sheets is full \(500 KB\)/);
  expect(env.stores.document.getProperties()).toEqual(before);
  store.set('placement.0000', 'w'.repeat(9000));
  expect(store.get('placement.0000')).toBe('w'.repeat(9000));
});

test('credentials live in user properties only, and a refusal never repeats the secret', () => {
  const creds = new UserCredentialStore(env.stores.user);
  creds.set('apiKey', 'sk-live-123');
  expect(env.stores.user.getProperties()).toEqual({ [`${PRODUCT_PREFIX}.credential.apiKey`]: 'sk-live-123' });
  expect(env.stores.document.getKeys()).toEqual([]);
  expect(creds.get('apiKey')).toBe('sk-live-123');
  const secret = `sk-${'z'.repeat(DOCUMENT_STORE_CAPS.maxValueBytes)}`;
  const e = addinErrorOf(() => creds.set('apiKey', secret));
  expect(e.message).not.toContain('zzzz');
  expect(JSON.stringify(e.data)).not.toContain('zzzz');
  creds.remove('apiKey');
  expect(creds.get('apiKey')).toBeNull();
});
