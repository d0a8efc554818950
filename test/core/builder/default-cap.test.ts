/** hasTopLevelLimit / cutAtDefaultCap: a LIMIT of the outermost query counts; one in a subquery, string or comment does not. */
import { PLATFORM_DEFAULT_ROW_CAP, cutAtDefaultCap, hasTopLevelLimit } from '../../../src/core/builder/default-cap';

test('only a LIMIT of the outermost query counts', () => {
  expect(hasTopLevelLimit('SELECT status FROM orders LIMIT 5')).toBe(true);
  expect(hasTopLevelLimit('select status from orders\nlimit 5')).toBe(true);
  expect(hasTopLevelLimit('SELECT * FROM orders FETCH FIRST 5 ROWS ONLY')).toBe(true);
  expect(hasTopLevelLimit('SELECT status FROM orders')).toBe(false);
  expect(hasTopLevelLimit('SELECT * FROM (SELECT status FROM orders LIMIT 5) t')).toBe(false);
  expect(hasTopLevelLimit("SELECT 'limit 5' AS x FROM orders")).toBe(false);
  expect(hasTopLevelLimit('SELECT "limit" FROM orders')).toBe(false);
  expect(hasTopLevelLimit('SELECT status FROM orders -- LIMIT 5')).toBe(false);
  expect(hasTopLevelLimit('SELECT status /* LIMIT 5 */ FROM orders')).toBe(false);
  expect(hasTopLevelLimit('SELECT status AS limited FROM orders')).toBe(false);
});

test('a result is cut at the default cap when it has exactly the cap and no top-level LIMIT', () => {
  expect(PLATFORM_DEFAULT_ROW_CAP).toBe(10_000);
  expect(cutAtDefaultCap(10_000, 'SELECT status FROM orders')).toBe(true);
  expect(cutAtDefaultCap(10_000, 'SELECT status FROM orders LIMIT 10000')).toBe(false);
  expect(cutAtDefaultCap(9_999, 'SELECT status FROM orders')).toBe(false);
});
