/** @jest-environment jsdom */
// The pane as a new user meets it: Limit validation, the default cap, empty results, the list after Insert, unsaved drafts, a viewer.
import '../helpers/setup-dom';
import { screen, within } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { ReportDraft, RunOutcome } from '../../src/core/service/addin-service';
import { change, click, closeDialog, findDialog, settle } from './act-events';
import { samplePlacement, type FakeAddinService } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';
import { sqlDraft } from '../helpers/sql-draft';

async function openNewReport() {
  await screen.findByDisplayValue('Production');
  await click(screen.getByRole('button', { name: 'New report' }));
  await screen.findByRole('combobox', { name: 'View' });
}

async function buildCountByStatus() {
  await openNewReport();
  await change(screen.getByLabelText(/Report name/), 'Orders by status');
  await click(screen.getByRole('combobox', { name: 'View' }));
  await click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Orders' }));
  for (const [member, zone] of [
    ['Status', 'Rows'],
    ['Count', 'Measures'],
  ] as const) {
    await click(screen.getByRole('button', { name: `Add ${member}` }));
    await click(await screen.findByRole('menuitem', { name: zone }));
  }
}

function generatedSql(): string | null {
  const box = screen.queryByRole('textbox', { name: 'Generated SQL' });
  return box === null ? null : (box as HTMLTextAreaElement).value;
}

/** A fake whose insert adds the placed report to the list, as the service does. */
function placingFake(outcome: Partial<RunOutcome> = {}): FakeAddinService {
  const fake = signedInFake();
  fake.insertImpl = async (draft: ReportDraft, target) => {
    const result: RunOutcome = {
      placementId: 'new',
      dataRows: 120,
      cols: 2,
      headerRows: 1,
      rangeLabel: `${target.label}:C122`,
      elapsedMs: 900,
      ...outcome,
    };
    fake.placements = [
      ...fake.placements,
      samplePlacement({
        placementId: result.placementId,
        name: draft.name,
        dataRows: result.dataRows,
        rangeLabel: result.rangeLabel,
        ...(result.truncatedAtDefaultCap === undefined ? {} : { truncatedAtDefaultCap: result.truncatedAtDefaultCap }),
      }),
    ];
    return result;
  };
  return fake;
}

test('an invalid Limit blocks Insert and the generated SQL never keeps the old limit (3 -> -3, 0)', async () => {
  const { fake } = renderPane(signedInFake());
  await buildCountByStatus();
  const limit = screen.getByRole('spinbutton', { name: /Limit/ });
  await change(limit, '3');
  expect(generatedSql()).toMatch(/\nLIMIT 3$/);

  await change(limit, '-3');
  expect(screen.getByText('Enter a whole number above 0, or leave empty for no limit.')).toBeTruthy();
  expect(generatedSql()).toBeNull();
  expect(screen.getByText(/^Limit: Enter a whole number above 0/)).toBeTruthy();
  await click(screen.getByRole('button', { name: 'Insert' }));
  expect(fake.callsOf('insert')).toEqual([]);

  await change(limit, '0');
  await click(screen.getByRole('button', { name: 'Insert' }));
  expect(fake.callsOf('insert')).toEqual([]);

  await change(limit, '7');
  expect(generatedSql()).toMatch(/\nLIMIT 7$/);
  await click(screen.getByRole('button', { name: 'Insert' }));
  expect((fake.callsOf('insert')[0]?.[0] as ReportDraft).sqlQuery).toMatch(/\nLIMIT 7$/);
});

test('without a Limit the builder says the platform caps the result at 10,000 rows before Insert', async () => {
  renderPane(signedInFake());
  await buildCountByStatus();
  const cap = 'No limit set: the platform returns at most 10,000 rows (its default cap). Set a Limit to get more.';
  expect(screen.getByText(cap)).toBeTruthy();
  await change(screen.getByRole('spinbutton', { name: /Limit/ }), '20000');
  expect(screen.queryByText(cap)).toBeNull();
});

test('a result of exactly 10,000 rows from a query without LIMIT says it is the default cap, on the card and in the list', async () => {
  renderPane(placingFake({ dataRows: 10_000, rangeLabel: 'Sheet1!B2:C10002' }));
  await buildCountByStatus();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  const card = screen.getByRole('listitem', { name: 'Orders by status' });
  expect(card.textContent).toContain("10,000 rows: the platform's default cap; set a Limit to get more.");
  // The placement itself keeps saying it after the outcome is dismissed.
  await click(within(card).getByRole('button', { name: 'Dismiss' }));
  expect(card.textContent).toContain("10,000 rows: this may be the platform's default cap");
});

test('the card and the list say the default cap exactly when the service found the result cut there', async () => {
  // 10,000 rows the service knows are not cut (its SQL has a LIMIT): no note, on the card or in the list.
  renderPane(placingFake({ dataRows: 10_000, rangeLabel: 'Sheet1!B2:C10002', truncatedAtDefaultCap: false }));
  await buildCountByStatus();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  const card = screen.getByRole('listitem', { name: 'Orders by status' });
  expect(card.textContent).toContain('10,000 rows');
  expect(card.textContent).not.toMatch(/default cap/);
  await click(within(card).getByRole('button', { name: 'Dismiss' }));
  expect(card.textContent).not.toMatch(/default cap/);
});

test('a pivot whose query was cut at the default cap says so, though its sheet rows are not 10,000', async () => {
  renderPane(placingFake({ dataRows: 37, rangeLabel: 'Sheet1!B2:C39', truncatedAtDefaultCap: true }));
  await buildCountByStatus();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  const card = screen.getByRole('listitem', { name: 'Orders by status' });
  expect(card.textContent).toContain("10,000 rows: the platform's default cap; set a Limit to get more.");
  await click(within(card).getByRole('button', { name: 'Dismiss' }));
  // The list's own note is definite too (no "may be"): the service said so.
  expect(card.textContent).toContain("10,000 rows: the platform's default cap; set a Limit to get more.");
});

test('an empty result says "The report returned no rows", not a green "Inserted 0 rows"', async () => {
  const { container } = renderPane(placingFake({ dataRows: 0, rangeLabel: 'Sheet1!B2:C2' }));
  await buildCountByStatus();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  const card = screen.getByRole('listitem', { name: 'Orders by status' });
  expect(card.textContent).toContain('The report returned no rows');
  expect(container.querySelector('.fui-MessageBar[data-intent="success"]')).toBeNull();
  expect(container.textContent).not.toContain('0 rows');
});

test('after Insert the pane returns to the list with the new report highlighted and its outcome on its card', async () => {
  const fake = placingFake();
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Older report' })];
  renderPane(fake);
  await buildCountByStatus();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  expect(screen.queryByRole('button', { name: 'Insert' })).toBeNull();
  const card = screen.getByRole('listitem', { name: 'Orders by status' });
  expect(card.getAttribute('aria-current')).toBe('true');
  expect(document.activeElement).toBe(card);
  expect(card.textContent).toContain('Inserted');
  expect(card.textContent).toContain('120 rows × 2 columns in 900 ms at Sheet1!B2:C122');
  expect(screen.getByRole('listitem', { name: 'Older report' }).getAttribute('aria-current')).toBeNull();
});

test('"Back to reports" asks before discarding a changed draft; an untouched one goes back at once', async () => {
  const { fake } = renderPane(signedInFake());
  await openNewReport();
  await click(screen.getByRole('button', { name: 'Back to reports' }));
  expect(screen.getByRole('heading', { name: 'Reports in this workbook' })).toBeTruthy();

  await buildCountByStatus();
  await click(screen.getByRole('button', { name: 'Back to reports' }));
  let dialog = await findDialog('Discard your changes?');
  expect(dialog.textContent).toContain('"Orders by status" has not been inserted yet');
  await closeDialog(dialog, 'Keep editing');
  expect((screen.getByLabelText(/Report name/) as HTMLInputElement).value).toBe('Orders by status');

  await click(screen.getByRole('button', { name: 'Back to reports' }));
  dialog = await findDialog('Discard your changes?');
  await closeDialog(dialog, 'Discard');
  expect(screen.getByRole('heading', { name: 'Reports in this workbook' })).toBeTruthy();
  expect(fake.callsOf('insert')).toEqual([]);
});

test('an edit asks before discarding only once something changed', async () => {
  const fake = signedInFake();
  fake.placements = [samplePlacement()];
  fake.drafts['p1'] = sqlDraft('Orders by status', 'SELECT 1');
  renderPane(fake);
  // The first render of the pane with its list takes over a second in jsdom on a loaded machine.
  await click(await screen.findByRole('button', { name: 'Edit Orders by status' }));
  const sql = await screen.findByDisplayValue('SELECT 1');
  await click(screen.getByRole('button', { name: 'Back to reports' }));
  expect(screen.getByRole('heading', { name: 'Reports in this workbook' })).toBeTruthy();

  await click(await screen.findByRole('button', { name: 'Edit Orders by status' }));
  await change(await screen.findByDisplayValue('SELECT 1'), 'SELECT 2');
  expect(sql).toBeTruthy();
  await click(screen.getByRole('button', { name: 'Back to reports' }));
  const dialog = await findDialog('Discard your changes?');
  expect(dialog.textContent).toContain('Your changes to "Orders by status" are not saved');
});

test('a viewer sees a report as read only up front: Edit is unavailable and says why', async () => {
  const fake = signedInFake();
  fake.placements = [samplePlacement({ canEdit: false }), samplePlacement({ placementId: 'p2', name: 'Mine', canEdit: true })];
  renderPane(fake);
  const edit = await screen.findByRole('button', { name: 'Edit Orders by status' });
  expect(edit.hasAttribute('disabled') || edit.getAttribute('aria-disabled') === 'true').toBe(true);
  const card = screen.getByRole('listitem', { name: 'Orders by status' });
  expect(card.textContent).toContain('Read only: you can refresh this report but not change it.');
  expect(within(card).getByRole('button', { name: 'Refresh Orders by status' }).hasAttribute('disabled')).toBe(false);
  expect(screen.getByRole('button', { name: 'Edit Mine' }).hasAttribute('disabled')).toBe(false);
});

test('a refused new report is named by its name, never its internal id, and New report then shows read only', async () => {
  const fake = signedInFake();
  fake.insertImpl = async () => {
    throw new AddinError(
      'forbidden',
      'You are not allowed to save report j6b838HMf8yF: ask the report owner or an admin for edit access to this report.',
      { status: 403 },
    );
  };
  const { container } = renderPane(fake);
  await buildCountByStatus();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  const bar = container.querySelector('.fui-MessageBar[data-kind="forbidden"]');
  expect(bar?.textContent).toContain('"Orders by status" was not saved');
  expect(container.textContent).not.toContain('j6b838HMf8yF');

  await click(screen.getByRole('button', { name: 'Back to reports' }));
  await closeDialog(await findDialog('Discard your changes?'), 'Discard');
  const newReport = screen.getByRole('button', { name: 'New report' });
  expect(newReport.hasAttribute('disabled')).toBe(true);
  expect(container.textContent).toContain('Read only: the platform does not let your account create reports here.');
});

test('read only follows the account: after the viewer signs out and the editor signs in, nothing says read only', async () => {
  const fake = signedInFake();
  fake.validKey = 'editor-key';
  fake.placements = [samplePlacement({ canEdit: false })];
  fake.insertImpl = async () => {
    throw new AddinError('forbidden', 'You are not allowed to save this report.', { status: 403 });
  };
  const { container } = renderPane(fake);
  await screen.findByRole('button', { name: 'Edit Orders by status' });
  // A read-only report says up front that a viewer key cannot save, while New report stays available.
  expect(screen.getByRole('button', { name: 'New report' }).hasAttribute('disabled')).toBe(false);
  expect(container.textContent).toContain('A viewer key cannot save new reports');
  await buildCountByStatus();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  await click(screen.getByRole('button', { name: 'Back to reports' }));
  await closeDialog(await findDialog('Discard your changes?'), 'Discard');
  expect(screen.getByRole('button', { name: 'New report' }).hasAttribute('disabled')).toBe(true);

  await click(screen.getByRole('button', { name: /Sign out/ }));
  // The service forgets the viewer's rights on sign-out: the editor's list has none of them.
  fake.placements = [samplePlacement({ canEdit: null })];
  await change(await screen.findByLabelText(/API key/), 'editor-key');
  await click(screen.getByRole('button', { name: 'Sign in' }));
  const edit = await screen.findByRole('button', { name: 'Edit Orders by status' });
  expect(edit.hasAttribute('disabled') || edit.getAttribute('aria-disabled') === 'true').toBe(false);
  expect(screen.getByRole('button', { name: 'New report' }).hasAttribute('disabled')).toBe(false);
  expect(container.textContent).not.toContain('Read only');
  expect(container.textContent).not.toContain('viewer key');
});
