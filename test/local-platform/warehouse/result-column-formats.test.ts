/** Which result columns carry a measure's format: read from the outermost select list, placed by position or name. */
import { columnFormats, selectListFormats } from '../../../local-platform/warehouse/result-column-formats';
import { SEMANTIC_MODEL } from '../../../local-platform/warehouse/semantic-model';

const USD = { format: 'currency', currency: 'USD' } as const;
const outputs = (sql: string) => selectListFormats(sql, SEMANTIC_MODEL).outputs;
const formats = (sql: string, names: string[]) => columnFormats(sql, SEMANTIC_MODEL, names);

describe('selectListFormats', () => {
  it('names MEASURE() items by their alias (as written, AS optional) or by the default name', () => {
    expect(
      outputs(
        'select Status, measure(TOTAL_AMOUNT) Total, MEASURE(o.average_amount) AS "Avg ""x""", MEASURE(orders.largest_amount) FROM orders o',
      ),
    ).toEqual([
      { position: 1, name: 'Total', hint: USD },
      { position: 2, name: 'Avg "x"', hint: USD },
      { position: 3, name: 'measure(orders.largest_amount)', hint: USD },
    ]);
  });

  it('gives measures without a format, dimensions and expressions nothing', () => {
    expect(outputs('SELECT MEASURE(count), id, amount, MEASURE(total_amount) + 1, COALESCE(MEASURE(total_amount), 0) FROM orders')).toEqual(
      [],
    );
    expect(outputs('SELECT MEASURE(total_amount) ISNULL FROM orders')).toEqual([]);
  });

  it('reads the outermost select list only, past DISTINCT ON and a trailing comma', () => {
    expect(outputs('SELECT DISTINCT ON (status) status, total_amount, FROM orders')).toEqual([
      { position: 1, name: 'total_amount', hint: USD },
    ]);
    expect(outputs('SELECT x FROM (SELECT MEASURE(total_amount) AS x FROM orders) t')).toEqual([]);
    expect(outputs('SELECT (SELECT MEASURE(total_amount) FROM orders) AS total_amount')).toEqual([]);
    expect(outputs('SELECT MEASURE(total_amount) AS t FROM orders UNION ALL SELECT 1')).toEqual([]);
  });

  it('resolves a plain column against the outermost FROM: aliases, qualifiers, several views, CTEs hiding a view', () => {
    expect(outputs('SELECT o.total_amount, c.lifetime_value AS v FROM orders o JOIN customers c ON c.id = o.id')).toEqual([
      { position: 0, name: 'total_amount', hint: USD },
      { position: 1, name: 'v', hint: USD },
    ]);
    expect(outputs('SELECT lifetime_value FROM orders JOIN customers ON true')).toEqual([
      { position: 0, name: 'lifetime_value', hint: USD },
    ]);
    expect(outputs('SELECT total_amount FROM wh_orders')).toEqual([]);
    expect(outputs('SELECT x.total_amount FROM orders o, wh_orders x')).toEqual([]);
    expect(outputs('WITH orders AS (SELECT 2 AS total_amount) SELECT total_amount FROM orders')).toEqual([]);
    expect(outputs('WITH t (a) AS MATERIALIZED (SELECT 1) SELECT total_amount FROM orders, t')).toEqual([
      { position: 0, name: 'total_amount', hint: USD },
    ]);
  });

  it('expands * over views only, and q.* over the view q names', () => {
    expect(outputs('SELECT c.* FROM orders o JOIN customers c ON true').map((o) => o.name)).toEqual(['lifetime_value']);
    expect(outputs('SELECT * FROM customers').map((o) => [o.position, o.name])).toEqual([[null, 'lifetime_value']]);
    expect(outputs('SELECT * FROM customers, (SELECT 1 AS lifetime_value) t')).toEqual([]);
    expect(outputs('SELECT * REPLACE (0 AS lifetime_value) FROM customers')).toEqual([]);
  });

  it('never throws on a member the rewrite would refuse', () => {
    expect(outputs('SELECT MEASURE(nope), MEASURE(count) FROM orders, customers')).toEqual([]);
  });
});

describe('columnFormats', () => {
  it('places an output by position when the result has one column per item, else on the only column of its name', () => {
    expect(formats('SELECT 1 AS t, MEASURE(total_amount) AS t FROM orders', ['t', 't'])).toEqual([null, USD]);
    expect(formats('SELECT *, lifetime_value AS v FROM customers', ['id', 'lifetime_value', 'v'])).toEqual([null, USD, USD]);
    expect(formats('SELECT *, lifetime_value FROM customers', ['id', 'lifetime_value', 'lifetime_value'])).toEqual([null, null, null]);
    expect(formats('SELECT MEASURE(total_amount) AS t FROM orders', ['other'])).toEqual([null]);
  });

  it('gives plain SQL no format', () => {
    expect(formats('SELECT 1 AS total_amount', ['total_amount'])).toEqual([null]);
  });
});
