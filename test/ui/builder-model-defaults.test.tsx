/** @jest-environment jsdom */
// The builder starts a new report on a view with the filters its model marks as default; a required one cannot be removed.
import '../helpers/setup-dom';
import { screen, within } from '@testing-library/react';
import type { BuilderState } from '../../src/core/builder/builder-state';
import type { Meta } from '../../src/core/wire/schemas';
import { change, click } from './act-events';
import { openOrders } from './builder-steps';
import { sampleMeta } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

/** The sample metadata with Status defaulting to "completed" and City required (no default) on orders. */
const metaWithDefaults: Meta = {
  ...sampleMeta,
  cubes: sampleMeta.cubes.map((c) =>
    c.name === 'orders'
      ? {
          ...c,
          dimensions: c.dimensions.map((d) =>
            d.name === 'orders.status'
              ? { ...d, meta: { filter: { default: { operator: 'notEquals', values: ['cancelled'] } } } }
              : d.name === 'orders.city'
                ? { ...d, meta: { filter: { required: true }, owner: 'sales' } }
                : d,
          ),
        }
      : c,
  ),
};

test("a new report starts with the model's default filters; a required one says why it cannot be removed", async () => {
  const fake = signedInFake();
  fake.meta = metaWithDefaults;
  renderPane(fake);
  await openOrders();
  const filters = screen.getByRole('group', { name: 'Filters' });
  expect(within(filters).getAllByRole('listitem')).toHaveLength(2);

  // The default filter is an ordinary one: it can be removed.
  const removeStatus = within(filters).getByRole('button', { name: 'Remove filter on Status' });
  expect(removeStatus.getAttribute('aria-disabled')).not.toBe('true');
  // The required one stays, and its remove button is described by the reason.
  const removeCity = within(filters).getByRole('button', { name: 'Remove filter on City' });
  expect(removeCity.getAttribute('aria-disabled')).toBe('true');
  const reason = document.getElementById(removeCity.getAttribute('aria-describedby') ?? '');
  expect(reason?.textContent).toMatch(/Required by the data model/);
  await click(removeCity);
  expect(within(filters).getByRole('button', { name: 'Remove filter on City' })).toBeTruthy();
  await click(removeStatus);
  expect(within(filters).getAllByRole('listitem')).toHaveLength(1);

  // The required filter gets its value and goes into the report.
  await change(within(filters).getByRole('textbox', { name: 'Value 1 for City' }), 'Zürich');
  await click(screen.getByRole('button', { name: 'Add Count' }));
  await click(await screen.findByRole('menuitem', { name: 'Measures' }));
  await change(screen.getByLabelText(/Report name/), 'Report');
  await click(screen.getByRole('button', { name: 'Insert' }));
  const draft = fake.callsOf('insert')[0]?.[0] as { builderState: BuilderState };
  expect(draft.builderState.filters).toEqual([{ member: 'orders.city', operator: 'equals', values: ['Zürich'] }]);
});
