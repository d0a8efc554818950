/**
 * builderHeaderTitles: a builder report's columns titled from its view's members; SQL mode untitled.
 * A member's title is its shortTitle, else title, else name.
 */
import { metaSchema } from '../../../src/core/wire/schemas';
import { emptyBuilderState } from '../../../src/core/builder/builder-state';
import { buildFlatMatrix } from '../../../src/core/cells/flat-layout';
import { builderHeaderTitles, builderViewOf } from '../../../src/core/service/header-titles';

const meta = metaSchema.parse({
  cubes: [
    {
      name: 'orders',
      type: 'view',
      title: 'Orders',
      measures: [
        { name: 'orders.count', title: 'Orders Count', shortTitle: 'Count', type: 'number' },
        { name: 'orders.total_amount', title: 'Orders Total amount', type: 'number' },
        { name: 'orders.margin', type: 'number' },
      ],
      dimensions: [
        { name: 'orders.status', title: 'Orders Status', shortTitle: 'Status', type: 'string' },
        { name: 'orders.created_at', title: 'Orders Created at', shortTitle: ' ', type: 'time' },
      ],
    },
    {
      name: 'customers',
      type: 'view',
      measures: [{ name: 'customers.count', title: 'Customers Count', shortTitle: 'Customers', type: 'number' }],
      dimensions: [],
    },
  ],
});

const builder = (view: string | null) => ({
  meta: { mode: 'builder', builderState: { ...emptyBuilderState(), view, rows: ['orders.status'] } },
});

describe('builderHeaderTitles', () => {
  it("titles each member of the report's view by its name inside the view: shortTitle, else title, else that name", () => {
    expect(builderHeaderTitles(builder('orders'), meta)).toEqual({
      status: 'Status',
      created_at: 'Orders Created at', // a blank shortTitle does not count
      count: 'Count',
      total_amount: 'Orders Total amount',
      margin: 'margin',
    });
    // Only the report's view: customers.count does not compete for "count".
    expect(builderHeaderTitles(builder('customers'), meta)).toEqual({ count: 'Customers' });
  });

  it('gives nothing for a SQL-mode report, a report without a builder state, or a view the metadata lacks', () => {
    expect(builderHeaderTitles({ meta: { mode: 'sql', builderState: builder('orders').meta.builderState } }, meta)).toBeUndefined();
    expect(builderHeaderTitles({ meta: null }, meta)).toBeUndefined();
    expect(builderHeaderTitles({}, meta)).toBeUndefined();
    expect(builderHeaderTitles({ meta: { mode: 'builder' } }, meta)).toBeUndefined();
    expect(builderHeaderTitles({ meta: { mode: 'builder', builderState: 'not a state' } }, meta)).toBeUndefined();
    expect(builderHeaderTitles(builder(null), meta)).toBeUndefined();
    expect(builderHeaderTitles(builder('returns'), meta)).toBeUndefined();
    expect(builderViewOf(builder('orders'))).toBe('orders');
  });

  it("turns the compiled SQL's aliases into the titles a spreadsheet user expects; other columns keep their names", () => {
    const titles = builderHeaderTitles(builder('orders'), meta);
    const m = buildFlatMatrix(
      { columns: ['status', 'count', 'total_amount', 'extra'].map((name) => ({ name, column_type: 'String' })), rows: [] },
      titles ? { titles } : {},
    );
    expect(m.values[0]).toEqual(['Status', 'Count', 'Orders Total amount', 'extra']);
  });
});
