/** The token-level SQL rewrite: MEASURE(member) to aggregates, literals untouched, explicit LIMIT detection. */
import fc from 'fast-check';
import { SEMANTIC_MODEL } from '../../../local-platform/warehouse/semantic-model';
import { hasExplicitLimit, rewriteMeasures, SqlRewriteError } from '../../../local-platform/warehouse/sql-rewrite';
import { tokenize } from '../../../local-platform/warehouse/sql-tokenizer';
import { stripTrailingTerminators } from '../../../local-platform/warehouse/sql-row-encoding';

const rewrite = (sql: string): string => rewriteMeasures(sql, SEMANTIC_MODEL);

describe('tokenize', () => {
  it('is lossless on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...`ab M(),.;'"$-*/ \n\\e1é`.split('')), maxLength: 60 }), (text) => {
        expect(
          tokenize(text)
            .map((t) => t.text)
            .join(''),
        ).toBe(text);
      }),
    );
  });

  it('keeps literals, quoted identifiers and comments whole', () => {
    const kinds = tokenize(`SELECT 'it''s', E'a\\'b', $$x$$, "a""b", -- c\n/* d */ 1.5e3`)
      .filter((t) => t.kind !== 'space')
      .map((t) => [t.kind, t.text]);
    expect(kinds).toEqual([
      ['word', 'SELECT'],
      ['string', "'it''s'"],
      ['punct', ','],
      ['string', "E'a\\'b'"],
      ['punct', ','],
      ['string', '$$x$$'],
      ['punct', ','],
      ['quoted', '"a""b"'],
      ['punct', ','],
      ['comment', '-- c'],
      ['comment', '/* d */'],
      ['number', '1.5e3'],
    ]);
  });
});

describe('rewriteMeasures', () => {
  it('turns each aggregation type into its aggregate, naming a bare select item like the engine', () => {
    expect(
      rewrite(
        'SELECT MEASURE(count), MEASURE(total_amount), MEASURE(average_amount), MEASURE(customers_count), MEASURE(largest_amount) FROM orders',
      ),
    ).toBe(
      'SELECT COUNT(count) AS "measure(orders.count)", SUM(total_amount) AS "measure(orders.total_amount)", ' +
        'AVG(average_amount) AS "measure(orders.average_amount)", COUNT(DISTINCT customers_count) AS "measure(orders.customers_count)", ' +
        'MAX(largest_amount) AS "measure(orders.largest_amount)" FROM orders',
    );
  });

  it('keeps an alias given by the query and adds none outside the select list', () => {
    expect(
      rewrite('SELECT status, measure(count) AS n FROM orders GROUP BY 1 HAVING MEASURE(count) > 1 ORDER BY MEASURE(count) DESC'),
    ).toBe('SELECT status, COUNT(count) AS n FROM orders GROUP BY 1 HAVING COUNT(count) > 1 ORDER BY COUNT(count) DESC');
    expect(rewrite('SELECT MEASURE(count) n FROM orders')).toBe('SELECT COUNT(count) n FROM orders');
    expect(rewrite('SELECT MEASURE(count) + 1 FROM orders')).toBe('SELECT COUNT(count) + 1 FROM orders');
  });

  it('resolves view names and aliases, using the alias that binds the view', () => {
    expect(rewrite('SELECT MEASURE(orders.count) AS n FROM orders o')).toBe('SELECT COUNT("o".count) AS n FROM orders o');
    expect(rewrite('SELECT MEASURE(o.total_amount) AS n FROM orders AS o')).toBe('SELECT SUM(o.total_amount) AS n FROM orders AS o');
    expect(rewrite('SELECT MEASURE("orders"."count") AS n FROM "orders"')).toBe('SELECT COUNT("orders"."count") AS n FROM "orders"');
  });

  it('qualifies a measure whose name another joined view also has, and refuses an ambiguous one', () => {
    expect(rewrite('SELECT MEASURE(lifetime_value) AS v FROM orders o JOIN customers c ON c.id = o.id')).toBe(
      'SELECT SUM(lifetime_value) AS v FROM orders o JOIN customers c ON c.id = o.id',
    );
    expect(rewrite('SELECT MEASURE(c.count) AS v FROM orders o, customers c')).toBe(
      'SELECT COUNT(c.count) AS v FROM orders o, customers c',
    );
    expect(() => rewrite('SELECT MEASURE(count) FROM orders o, customers c')).toThrow(/Ambiguous measure 'count'/);
  });

  it('refuses unknown measures, dimensions and malformed calls with a message naming them', () => {
    expect(() => rewrite('SELECT MEASURE(revenue) FROM orders')).toThrow(SqlRewriteError);
    expect(() => rewrite('SELECT MEASURE(revenue) FROM orders')).toThrow(/'revenue'/);
    expect(() => rewrite('SELECT MEASURE(orders.revenue) FROM orders')).toThrow(/'orders\.revenue'/);
    expect(() => rewrite('SELECT MEASURE(sales.count) FROM orders')).toThrow(/Unknown view 'sales'/);
    expect(() => rewrite('SELECT MEASURE(created_at) FROM orders')).toThrow(/orders\.created_at is a dimension/);
    expect(() => rewrite('SELECT MEASURE(count + 1) FROM orders')).toThrow(/one member name/);
    expect(() => rewrite('SELECT MEASURE(count FROM orders')).toThrow(/not closed/);
  });

  it('finds the measure through a subquery over a view, and leaves other text byte for byte', () => {
    expect(rewrite("SELECT MEASURE(count) AS n FROM (SELECT * FROM orders WHERE status = 'MEASURE(x)') t")).toBe(
      "SELECT COUNT(count) AS n FROM (SELECT * FROM orders WHERE status = 'MEASURE(x)') t",
    );
    const untouched = `SELECT "measure" , 'MEASURE(nope)' /* MEASURE(nope) */ FROM orders -- MEASURE(nope)`;
    expect(rewrite(untouched)).toBe(untouched);
  });
});

describe('hasExplicitLimit and stripTrailingTerminators', () => {
  it('sees only the outermost LIMIT', () => {
    expect(hasExplicitLimit('SELECT * FROM orders LIMIT 5')).toBe(true);
    expect(hasExplicitLimit('select * from orders limit 5 offset 2;')).toBe(true);
    expect(hasExplicitLimit('SELECT * FROM (SELECT * FROM orders LIMIT 5) t')).toBe(false);
    expect(hasExplicitLimit('SELECT \'LIMIT 5\' AS "limit"')).toBe(false);
  });

  it('drops trailing semicolons and comments only', () => {
    expect(stripTrailingTerminators('SELECT 1; -- x\n ;  ')).toBe('SELECT 1');
    expect(stripTrailingTerminators("SELECT ';'")).toBe("SELECT ';'");
  });
});
