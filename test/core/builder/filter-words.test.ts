/** The filter summary line: every operator in words, OR groups, titles from the metadata, SQL reports and no filters. */
import { filterWords, memberWords, NO_FILTERS, reportFilterWords, SQL_FILTERS } from '../../../src/core/builder/filter-words';
import { emptyBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { withSummaryRow } from '../../../src/core/cells/summary-row';
import { TEXT_FORMAT } from '../../../src/core/host';

const state = (filters: BuilderState['filters']): BuilderState => ({ ...emptyBuilderState(), view: 'orders', filters });

test('names members by their title, else their name in words', () => {
  expect(memberWords('orders.created_at')).toBe('Created at');
  expect(filterWords(state([{ member: 'orders.city', operator: 'equals', values: ['Zürich', 'Kraków'] }]), { city: 'Town' })).toBe(
    'Town: Zürich, Kraków',
  );
});

test('says every operator in words, and OR alternatives joined by "or"', () => {
  const line = filterWords(
    state([
      { member: 'orders.created_at', operator: 'inDateRange', values: ['2023-01-01', '2023-12-31'] },
      { member: 'orders.status', operator: 'notEquals', values: ['returned'] },
      { member: 'orders.name', operator: 'contains', values: ['box'] },
      { member: 'orders.total', operator: 'gt', values: ['1000'], or: [{ member: 'orders.count', operator: 'lt', values: ['3'] }] },
      { member: 'orders.shipped_at', operator: 'inPeriod', values: ['this-month'] },
      { member: 'orders.city', operator: 'set', values: [] },
      { member: 'orders.region', operator: 'notSet', values: [] },
      { member: 'orders.id', operator: 'equals', values: [''] },
    ]),
  );
  expect(line).toBe(
    'Created at: 2023-01-01 to 2023-12-31; Status: not returned; Name: contains box; Total: > 1000 or Count: < 3; ' +
      'Shipped at: This month; City: any value; Region: empty; Id: (no value)',
  );
});

test('a report without filters, and one written in SQL, say so', () => {
  expect(reportFilterWords({ mode: 'builder', builderState: state([]) })).toBe(NO_FILTERS);
  expect(reportFilterWords({ mode: 'sql' })).toBe(SQL_FILTERS);
  expect(reportFilterWords(null)).toBe(SQL_FILTERS);
});

test('the summary row is one more header row of inert text, cut to the cell limit', () => {
  const m = withSummaryRow(
    {
      rows: 2,
      cols: 2,
      values: [
        ['a', 'b'],
        [1, 2],
      ],
      formats: [
        [null, null],
        [null, null],
      ],
      headerRows: 1,
    },
    '=City: x',
    5,
  );
  expect(m).toMatchObject({ rows: 3, cols: 2, headerRows: 2 });
  expect(m.values[0]).toEqual(['=Cit…', null]);
  expect(m.formats[0]).toEqual([TEXT_FORMAT, null]);
});
