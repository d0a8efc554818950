// The sidebar API's parameter shapes: bindParameters' arguments parsed as the server takes them, the card's bindings answered.
import { sidebarApi } from '../../../../appsscript/shared/sidebar-api';
import { samplePlacement } from '../../../ui/fake-addin-service';

const binding = { filter: 0, value: 0, member: 'orders.created_at', type: 'time', ref: 'Inputs!B2' } as const;

test('bindParameters takes a placement id and the pane bindings, and refuses a binding without a cell or with an unknown key', () => {
  const args = sidebarApi.bindParameters.args;
  expect(args.parse({ placementId: 'p1', bindings: [binding, { ...binding, filter: 1, value: 'list', ref: 'B2:B9' }] })).toEqual({
    placementId: 'p1',
    bindings: [binding, { ...binding, filter: 1, value: 'list', ref: 'B2:B9' }],
  });
  expect(args.safeParse({ placementId: 'p1', bindings: [{ ...binding, ref: '' }] }).success).toBe(false);
  expect(args.safeParse({ placementId: 'p1', bindings: [{ ...binding, sql: 'x' }] }).success).toBe(false);
  expect(args.safeParse({ placementId: 'p1', bindings: [{ ...binding, type: 'json' }] }).success).toBe(false);
});

test("the list's answer carries each card's bindings to the sidebar", () => {
  const card = samplePlacement({
    parameters: [
      { cell: 'Inputs!B3', member: 'orders.created_at', value: '2026-01-01', changed: true, binding: { ...binding, ref: 'Inputs!B3' } },
    ],
  });
  expect(sidebarApi.listPlacements.result.parse([card])[0]?.parameters).toEqual(card.parameters);
});

test('insert takes bindings made before the first Insert; cellsEdited and the refresh switch take their shapes', () => {
  const draft = { name: 'R', description: '', mode: 'sql', sqlQuery: 'SELECT 1', jsonQuery: null, pivotItems: null, builderState: null };
  const target = { sheetId: '0', sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' };
  const insert = sidebarApi.insert.args;
  expect(insert.parse({ draft, target, jobId: 'job-0123456789abcdef', overwrite: false, parameters: [binding] }).parameters).toEqual([
    binding,
  ]);
  expect(
    insert.safeParse({ draft, target, jobId: 'job-0123456789abcdef', overwrite: false, parameters: [{ ...binding, ref: '' }] }).success,
  ).toBe(false);
  expect(sidebarApi.setRefreshOnParameterChange.args.parse({ placementId: 'p1', on: true })).toEqual({ placementId: 'p1', on: true });
  expect(sidebarApi.setRefreshOnParameterChange.args.safeParse({ placementId: 'p1', on: 'yes' }).success).toBe(false);
  const edit = { sheetId: '0', range: { sheetId: '0', row: 1, col: 1, rows: 1, cols: 1 } };
  expect(sidebarApi.cellsEdited.args.parse({})).toEqual({});
  expect(sidebarApi.cellsEdited.args.parse({ edits: [edit] })).toEqual({ edits: [edit] });
  expect(sidebarApi.cellsEdited.args.safeParse({ edits: [{ ...edit, range: { ...edit.range, rows: 0 } }] }).success).toBe(false);
  const card = samplePlacement({ refreshOnParameterChange: true });
  expect(sidebarApi.listPlacements.result.parse([card])[0]?.refreshOnParameterChange).toBe(true);
});

test("boundCellValues takes the form's bindings and answers each cell's values", () => {
  expect(sidebarApi.boundCellValues.args.parse({ bindings: [binding] })).toEqual({ bindings: [binding] });
  expect(sidebarApi.boundCellValues.args.safeParse({ bindings: [{ ...binding, ref: '' }] }).success).toBe(false);
  expect(sidebarApi.boundCellValues.result.parse([{ cell: 'Inputs!B2', values: ['2026-01-01'] }])).toEqual([
    { cell: 'Inputs!B2', values: ['2026-01-01'] },
  ]);
});
