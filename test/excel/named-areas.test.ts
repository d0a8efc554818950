/** Placement areas as hidden named items over the fake: they follow inserted rows and columns, and turn orphaned when deleted. */
import fc from 'fast-check';
import {
  areaName,
  placementIdOf,
  trackArea,
  trackedArea,
  untrackArea,
  allTrackedAreas,
  areaOfReference,
} from '../../src/excel/named-areas';
import { useInstalledFake, sheetId } from './helpers/installed-fake';

const fake = useInstalledFake({ sheets: ['Sheet1', 'Data'] });

it('names a placement with a valid Excel name that maps back to its id', () => {
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 40 }), (id) => {
      const name = areaName(id);
      expect(name).toMatch(/^_[A-Za-z0-9_.]*$/);
      expect(placementIdOf(name)).toBe(id);
    }),
  );
  expect(placementIdOf('MyRange')).toBeNull();
});

it('reads a named item reference against the sheets, null for #REF!', () => {
  const sheets = [{ id: 'a', name: 'My sheet' }];
  expect(areaOfReference("'My sheet'!$B$3:$D$9", sheets)).toEqual({ sheetId: 'a', row: 2, col: 1, rows: 7, cols: 3 });
  expect(areaOfReference('#REF!', sheets)).toBeNull();
  expect(areaOfReference('Other!$A$1', sheets)).toBeNull();
});

it('tracks an area with a hidden name that moves with inserted rows and columns and survives a sheet rename', async () => {
  const data = await sheetId(fake(), 'Data');
  await Excel.run((ctx) => trackArea(ctx, 'p-1', { sheetId: data, row: 2, col: 1, rows: 3, cols: 2 }));
  const hidden = await fake().globals.Excel.run(async (ctx) => {
    const n = ctx.workbook.names.getItem(areaName('p-1')).load('visible');
    await ctx.sync();
    return n.visible;
  });
  expect(hidden).toBe(false);
  await fake().user.insertRows('Data', 0, 2);
  await fake().user.insertColumns('Data', 0, 1);
  await fake().user.renameSheet('Data', 'Q1 data');
  expect(await Excel.run((ctx) => trackedArea(ctx, 'p-1'))).toEqual({
    state: 'tracked',
    range: { sheetId: data, row: 4, col: 2, rows: 3, cols: 2 },
  });
});

it('re-tracking moves the name; deleted rows or a deleted sheet make the area orphaned; untrack removes it', async () => {
  const data = await sheetId(fake(), 'Data');
  const s1 = await sheetId(fake(), 'Sheet1');
  await Excel.run((ctx) => trackArea(ctx, 'a', { sheetId: data, row: 0, col: 0, rows: 2, cols: 2 }));
  await Excel.run((ctx) => trackArea(ctx, 'a', { sheetId: data, row: 10, col: 0, rows: 2, cols: 2 }));
  await Excel.run((ctx) => trackArea(ctx, 'b', { sheetId: s1, row: 0, col: 0, rows: 1, cols: 1 }));
  expect(await Excel.run((ctx) => trackedArea(ctx, 'a'))).toEqual({
    state: 'tracked',
    range: { sheetId: data, row: 10, col: 0, rows: 2, cols: 2 },
  });
  await fake().user.deleteRows('Data', 10, 2);
  expect(await Excel.run((ctx) => trackedArea(ctx, 'a'))).toEqual({ state: 'orphaned' });
  await Excel.run((ctx) => trackArea(ctx, 'c', { sheetId: data, row: 0, col: 0, rows: 1, cols: 1 }));
  await fake().user.deleteSheet('Data');
  const all = await Excel.run((ctx) => allTrackedAreas(ctx));
  expect(all.sheets.map((s) => s.id)).toEqual([s1]);
  expect([...all.areas.entries()]).toEqual([
    ['a', null],
    ['b', { sheetId: s1, row: 0, col: 0, rows: 1, cols: 1 }],
    ['c', null],
  ]);
  await Excel.run((ctx) => untrackArea(ctx, 'b'));
  await Excel.run((ctx) => untrackArea(ctx, 'never'));
  expect(await Excel.run((ctx) => trackedArea(ctx, 'b'))).toEqual({ state: 'missing' });
});
