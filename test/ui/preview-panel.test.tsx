/** @jest-environment jsdom */
// The preview while building: the builder's first rows appear as the user edits (titled and formatted as the sheet gets
// them), the switch turns it off, SQL mode runs on Run, and Stop drops a running preview.
import '../helpers/setup-dom';
import { screen, within } from '@testing-library/react';
import type { ReportDraft } from '../../src/core/service/addin-service';
import type { PreviewTable } from '../../src/core/service/preview-table';
import { change, click } from './act-events';
import { openOrders, addTo } from './builder-steps';
import { renderPane, signedInFake } from './render-pane';

const TABLE: PreviewTable = {
  headerRows: 1,
  values: [
    ['Status', 'Created at', 'Share'],
    ['completed', 45658, 0.255],
  ],
  formats: [
    [null, null, null],
    [null, 'yyyy-mm-dd', '0.0%'],
  ],
  texts: [
    ['Status', 'Created at', 'Share'],
    ['completed', '2025-01-01', '25.5%'],
  ],
  bold: [
    [true, true, true],
    [false, false, false],
  ],
  rows: 1,
  more: false,
};

/** A pivot of 40 query rows laid into 2 sheet rows and its Total row, as the service lays it out for Insert. */
const PIVOT: PreviewTable = {
  headerRows: 1,
  values: [
    ['Status', 2024, 'Total'],
    ['completed', 1234, 1234],
    ['Total', 1234, 1234],
  ],
  formats: [
    [null, null, null],
    [null, null, null],
    [null, null, null],
  ],
  texts: [
    ['Status', '2024', 'Total'],
    ['completed', '1234', '1234'],
    ['Total', '1234', '1234'],
  ],
  bold: [
    [true, true, true],
    [false, false, true],
    [true, true, true],
  ],
  rows: 2,
  more: false,
};

test("a pivot's preview shows the cells Insert writes, its Total row, and counts its sheet rows", async () => {
  const fake = signedInFake();
  fake.previewImpl = async () => PIVOT;
  renderPane(fake);
  await openOrders();
  await addTo('Status', 'Rows');
  const table = await screen.findByRole('table', { name: 'Preview' }, { timeout: 3000 });
  const rows = within(table)
    .getAllByRole('row')
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );
  expect(rows.slice(1)).toEqual([
    ['completed', '1234', '1234'],
    ['Total', '1234', '1234'],
  ]);
  expect(screen.getByText('All 2 rows.')).toBeTruthy();
});

test('the builder previews its first rows as the sheet gets them, and the switch turns the preview off', async () => {
  const fake = signedInFake();
  fake.previewImpl = async () => TABLE;
  renderPane(fake);
  await openOrders();
  await addTo('Status', 'Rows');
  const table = await screen.findByRole('table', { name: 'Preview' }, { timeout: 3000 });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Status', 'Created at', 'Share']);
  expect(
    within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['completed', '2025-01-01', '25.5%']);
  const sent = fake.callsOf('preview').at(-1)?.[0] as ReportDraft;
  expect(sent.builderState).toMatchObject({ rows: ['orders.status'] });
  await click(screen.getByRole('switch', { name: 'Show preview' }));
  expect(screen.queryByRole('table', { name: 'Preview' })).toBeNull();
  const calls = fake.callsOf('preview').length;
  await addTo('Count', 'Measures');
  await new Promise((r) => setTimeout(r, 900));
  expect(fake.callsOf('preview').length).toBe(calls);
});

test('SQL mode previews on Run, and Stop drops a preview that is still running', async () => {
  const fake = signedInFake();
  let answer: (t: PreviewTable) => void = () => undefined;
  fake.previewImpl = () => new Promise((resolve) => (answer = resolve));
  renderPane(fake);
  await openOrders();
  await click(screen.getByRole('tab', { name: 'SQL' }));
  expect(fake.callsOf('preview')).toEqual([]);
  await change(screen.getByRole('textbox', { name: /^SQL/ }), 'SELECT status FROM orders');
  await click(screen.getByRole('button', { name: 'Run' }));
  expect((fake.callsOf('preview')[0]?.[0] as ReportDraft).sqlQuery).toBe('SELECT status FROM orders');
  await click(screen.getByRole('button', { name: 'Stop preview' }));
  answer(TABLE);
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByRole('table', { name: 'Preview' })).toBeNull();
  fake.previewImpl = async () => TABLE;
  await click(screen.getByRole('button', { name: 'Run' }));
  expect(await screen.findByRole('table', { name: 'Preview' })).toBeTruthy();
});
