/** Tests for the filters a model's `meta.filter` asks new builder reports to start with, and which ones must stay. */
import { modelFilterDefaults } from '../../../src/core/builder/model-defaults';
import { metaSchema, type Meta } from '../../../src/core/wire/schemas';

/** Metadata as the wire gives it (parsed with the wire schema), one view whose dimensions carry assorted `meta`. */
function metaWith(dimensionMetas: Array<[string, unknown]>): Meta {
  return metaSchema.parse({
    cubes: [
      {
        name: 'orders',
        type: 'view',
        measures: [{ name: 'orders.count', type: 'number' }],
        dimensions: dimensionMetas.map(([name, meta]) => ({
          name: `orders.${name}`,
          type: 'string',
          ...(meta === undefined ? {} : { meta }),
        })),
      },
      { name: 'other', type: 'view', dimensions: [{ name: 'other.region', type: 'string', meta: { filter: { required: true } } }] },
    ],
  });
}

describe('modelFilterDefaults', () => {
  it("starts with each dimension's default filter, in member order, and marks required members", () => {
    const meta = metaWith([
      ['status', { filter: { default: { operator: 'equals', values: ['completed'] } } }],
      ['city', undefined],
      ['segment', { filter: { default: { operator: 'set' }, required: true } }],
    ]);
    const d = modelFilterDefaults(meta, 'orders');
    expect(d.filters).toEqual([
      { member: 'orders.status', operator: 'equals', values: ['completed'] },
      { member: 'orders.segment', operator: 'set', values: [] },
    ]);
    expect([...d.required]).toEqual(['orders.segment']);
  });

  it('gives a required member without a default an equals filter with an empty value to fill in', () => {
    const d = modelFilterDefaults(metaWith([]), 'other');
    expect(d.filters).toEqual([{ member: 'other.region', operator: 'equals', values: [''] }]);
    expect(d.required.has('other.region')).toBe(true);
  });

  it('ignores shapes it does not know, key by key, and other uses of meta', () => {
    const meta = metaWith([
      ['a', 'not an object'],
      ['b', { filter: 5 }],
      ['c', { filter: { default: { operator: 'between', values: ['1', '2'] }, required: true } }],
      ['d', { filter: { default: { operator: 'equals', values: [1] } } }],
      ['e', { filter: { required: 'yes' } }],
      ['f', { owner: 'finance', filter: { default: { operator: 'notEquals', values: ['test'] }, note: 'x' } }],
    ]);
    // The wire schema keeps a non-object meta out (the dimension itself is kept).
    expect(meta.cubes[0]?.dimensions.map((x) => x.name)).toHaveLength(6);
    expect(meta.cubes[0]?.dimensions[0]?.meta).toBeUndefined();
    const d = modelFilterDefaults(meta, 'orders');
    expect(d.filters).toEqual([
      // An unknown operator drops the default, not the required marker.
      { member: 'orders.c', operator: 'equals', values: [''] },
      { member: 'orders.f', operator: 'notEquals', values: ['test'] },
    ]);
    expect([...d.required]).toEqual(['orders.c']);
  });

  it('has nothing for a view without markers or no view', () => {
    expect(modelFilterDefaults(metaWith([['status', undefined]]), 'orders')).toEqual({ filters: [], required: new Set() });
    expect(modelFilterDefaults(metaWith([]), null).filters).toEqual([]);
  });
});
