/** @jest-environment jsdom */
// Where focus and messages go: New report, Back, Discard, a failed Insert, the overwrite question, and Back while an insert runs.
import '../helpers/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { RunOutcome } from '../../src/core/service/addin-service';
import { change, click, findDialog, settle } from './act-events';
import { gate, samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

async function openNewReport() {
  await screen.findByDisplayValue('Production');
  await click(screen.getByRole('button', { name: 'New report' }));
  await screen.findByRole('textbox', { name: /Report name/ });
}

async function openSqlReport(name = 'Orders by status') {
  await openNewReport();
  await change(screen.getByRole('textbox', { name: /Report name/ }), name);
  await click(screen.getByRole('tab', { name: 'SQL' }));
  await change(screen.getByRole('textbox', { name: /^SQL/ }), 'SELECT 1');
  await screen.findByText('Insert at Sheet1!B2');
}

/** No element from the pane up to the document says aria-hidden: a screen reader can read the pane. */
function paneHiddenBy(): string[] {
  const hidden: string[] = [];
  for (let n: HTMLElement | null = screen.getByRole('main', { name: 'Reports pane' }); n !== null; n = n.parentElement)
    if (n.getAttribute('aria-hidden') === 'true') hidden.push(n.tagName);
  return hidden;
}

test('New report puts the focus on Report name; Back to reports puts it on New report', async () => {
  renderPane(signedInFake());
  await openNewReport();
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Report name/ }));
  await click(screen.getByRole('button', { name: 'Back to reports' }));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New report' }));
});

test('Discard closes the editor with the pane readable by role and the focus on New report', async () => {
  renderPane(signedInFake());
  await openNewReport();
  await change(screen.getByRole('textbox', { name: /Report name/ }), 'Draft');
  await click(screen.getByRole('button', { name: 'Back to reports' }));
  await click(within(await findDialog('Discard your changes?')).getByRole('button', { name: 'Discard' }));
  await settle();
  // The dialog lets go of the pane as it closes (a transition: later than one task on a loaded machine).
  await waitFor(() => expect(paneHiddenBy()).toEqual([]));
  expect(screen.getByRole('button', { name: 'New report' })).toBe(document.activeElement);
});

test('Back to reports is unavailable while an insert runs and says why; the insert then places the report', async () => {
  const fake = signedInFake();
  const done = gate<RunOutcome>();
  fake.insertImpl = () => done.promise;
  renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  const back = screen.getByRole('button', { name: 'Back to reports' });
  expect(back.getAttribute('aria-disabled')).toBe('true');
  expect(back.getAttribute('aria-describedby')).not.toBeNull();
  expect(document.getElementById(back.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'Inserting: cancel it to go back to the reports.',
  );
  await click(back);
  expect(screen.queryAllByRole('alertdialog', { hidden: true })).toEqual([]);
  expect(screen.getByRole('group', { name: 'Inserting' })).toBeTruthy();

  done.resolve({ placementId: 'p1', dataRows: 1, cols: 1, headerRows: 1, rangeLabel: 'Sheet1!B2:B3', elapsedMs: 5 });
  await settle();
  expect(screen.getByRole('heading', { name: 'Reports in this workbook' })).toBeTruthy();
});

test('a failed insert is an alert that takes the focus (the Insert button it replaced is gone while it ran)', async () => {
  const fake = signedInFake();
  fake.insertImpl = async () => {
    throw new AddinError('query', 'The query failed: syntax error at "SELEC".');
  };
  renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  const alert = screen.getByRole('alert');
  expect(alert.getAttribute('aria-live')).toBe('assertive');
  expect(alert.textContent).toContain('syntax error');
  expect(document.activeElement).toBe(alert);
});

test('an outcome on a card is a polite status', async () => {
  const fake = signedInFake();
  fake.insertImpl = async (draft, target) => {
    fake.placements = [samplePlacement({ placementId: 'new', name: draft.name, rangeLabel: `${target.label}:D122` })];
    return { placementId: 'new', dataRows: 120, cols: 3, headerRows: 1, rangeLabel: `${target.label}:D122`, elapsedMs: 1200 };
  };
  renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  const status = within(screen.getByRole('listitem', { name: 'Orders by status' })).getByRole('status');
  expect(status.getAttribute('aria-live')).toBe('polite');
  expect(status.textContent).toContain('Inserted');
});

test('one cell in the way is "it", not "them"', async () => {
  const fake = signedInFake();
  fake.insertImpl = async () => {
    throw new AddinError('blocked', 'A cell is in the way.', { data: { cells: ['Sheet1!B5'] } });
  };
  renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  const dialog = await findDialog('Overwrite cells?');
  expect(dialog.textContent).toContain('The report would cover a cell that holds data: Sheet1!B5.');
  expect(dialog.textContent).toContain('Overwrite it, or cancel and choose another cell.');
  expect(dialog.textContent).not.toContain('them');
  await click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await settle();
  // The dialog lets go of the pane as it closes (a transition: later than one task on a loaded machine).
  await waitFor(() => expect(paneHiddenBy()).toEqual([]));
});

test('"Cells in the way" goes when another cell is chosen', async () => {
  const fake = signedInFake();
  fake.insertImpl = async () => {
    throw new AddinError('blocked', 'Placing this report here would overwrite "Orders by city" at Sheet1!C4.', {
      data: { cell: 'Sheet1!C4', cells: ['Sheet1!C4'], placementId: 'p9', otherPlacement: true },
    });
  };
  const { container } = renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  expect(container.querySelector('[data-kind="blocked"]')).not.toBeNull();
  fake.cell = { sheetId: 's1', sheetName: 'Sheet1', row: 1, col: 7, label: 'Sheet1!H2' };
  await click(screen.getByRole('button', { name: 'Use selected cell' }));
  await screen.findByText('Insert at Sheet1!H2');
  expect(container.querySelector('[data-kind="blocked"]')).toBeNull();
});

test("the comboboxes' Open chevrons are no extra tab stops", async () => {
  renderPane(signedInFake());
  await screen.findByDisplayValue('Production');
  for (const name of ['Deployment', 'Environment']) {
    const box = screen.getByRole('combobox', { name });
    const open = box.parentElement?.querySelector('[role="button"]');
    expect(open?.getAttribute('tabindex')).toBe('-1');
  }
});
