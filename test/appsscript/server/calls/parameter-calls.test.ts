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
