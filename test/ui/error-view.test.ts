// toErrorView: every kind gets a title and the error's own message, the right intent and action; never a stack.
import { ADDIN_ERROR_KINDS, AddinError, cancelledError } from '../../src/core/errors/addin-error';
import { describeCells, toErrorView } from '../../src/ui/error-view';
import { planPlacement } from '../../src/core/placements/planner';
import { addinErrorOf } from '../helpers/caught-error';

test.each([...ADDIN_ERROR_KINDS])('%s keeps the message and adds a title', (kind) => {
  const view = toErrorView(new AddinError(kind, `message of ${kind}`));
  expect(view.kind).toBe(kind);
  expect(view.message).toBe(`message of ${kind}`);
  expect(view.title.length).toBeGreaterThan(0);
  expect(view.intent).toBe(
    kind === 'cancelled'
      ? 'info'
      : kind === 'blocked' || kind === 'validation' || kind === 'continueWait' || kind === 'hostBusy' || kind === 'handEdited'
        ? 'warning'
        : 'error',
  );
});

test('the hints say what to do for the kinds users meet most', () => {
  expect(toErrorView(new AddinError('unauthenticated', 'x')).action).toBe('signInAgain');
  expect(toErrorView(new AddinError('forbidden', 'x')).hint).toBe('Ask the report owner or an administrator for access.');
  expect(toErrorView(new AddinError('blocked', 'x')).hint).toBe('Choose another cell or clear the named cells.');
  expect(toErrorView(new AddinError('network', 'x')).hint).toMatch(/Tenant URL/);
  expect(toErrorView(cancelledError()).intent).toBe('info');
});

test('a hint the message already gives is not repeated', () => {
  // The service words a refused edit with the advice; the bar must not say it twice.
  const refusedEdit =
    'You can refresh "Orders" but not change it: you do not have edit access to this report. Ask the report owner or an admin for edit access.';
  expect(toErrorView(new AddinError('forbidden', refusedEdit)).hint).toBeNull();
  expect(toErrorView({ kind: 'forbidden', message: refusedEdit }).hint).toBeNull();
  expect(toErrorView(new AddinError('forbidden', 'The platform refused the request (403).')).hint).toBe(
    'Ask the report owner or an administrator for access.',
  );
  expect(
    toErrorView(new AddinError('network', 'Could not reach https://t.example: check the Tenant URL and your connection.')).hint,
  ).toBeNull();
  expect(toErrorView(new AddinError('network', 'The connection dropped.')).hint).toMatch(/Tenant URL/);
  // Edit and Refresh have no cell picker: a report that no longer fits where it is is not told to choose another cell.
  const inPlace =
    'The new result of "Orders" needs more room where it is, but cell B9 is not empty. Nothing was changed. Clear or move that cell, then try again; or remove "Orders" from the list and insert it at another cell.';
  expect(toErrorView(new AddinError('blocked', inPlace, { data: { cells: ['B9'] } })).hint).toBeNull();
  const refusedKey = 'The platform refused this API key: check the key (and that it belongs to this Tenant URL), then sign in again.';
  expect(toErrorView(new AddinError('unauthenticated', refusedKey))).toEqual(
    expect.objectContaining({ hint: null, action: 'signInAgain' }),
  );
  expect(toErrorView(new AddinError('unauthenticated', 'Your API key was refused (401).')).hint).toBe(
    'Sign in again with a valid API key.',
  );
});

test('an orphaned placement says its cells were deleted, not a generic "Not found" with advice to reload', () => {
  const message =
    'The cells of "Orders" are no longer in the workbook (their rows, columns or sheet were deleted). Remove it from the list, or insert the report again.';
  const orphaned = toErrorView(new AddinError('notFound', message, { data: { placementId: 'p1', orphaned: true } }));
  expect(orphaned).toEqual(expect.objectContaining({ kind: 'notFound', title: "The report's cells were deleted", message, hint: null }));
  // Across google.script.run the flag arrives in plain data too.
  expect(toErrorView({ kind: 'notFound', message, data: { orphaned: true } }).title).toBe("The report's cells were deleted");
  const other = toErrorView(new AddinError('notFound', 'Deployment 9 is not available to you.', { data: { placementId: 'p1' } }));
  expect(other).toEqual(
    expect.objectContaining({ title: 'Not found', hint: 'It may have been deleted: reload the list or choose another one.' }),
  );
});

test("the planner's own advice is not repeated by the hint", () => {
  const base = { sheetId: 'S', anchor: { row: 0, col: 0 }, previousArea: null, otherAreas: [], limits: { maxRows: 100, maxCols: 10 } };
  const blocked = toErrorView(
    addinErrorOf(() => planPlacement({ ...base, newShape: { rows: 2, cols: 2 }, occupied: [{ row: 1, col: 1 }] })),
  );
  expect(blocked.kind).toBe('blocked');
  expect(blocked.message).toMatch(/choose another cell/);
  expect(blocked.hint).toBeNull();
  const tooBig = toErrorView(addinErrorOf(() => planPlacement({ ...base, newShape: { rows: 101, cols: 2 }, occupied: [] })));
  expect(tooBig.kind).toBe('limit');
  expect(tooBig.hint).toBeNull();
});

test('blocked cells and a distinct detail are carried; a detail equal to the message is not repeated', () => {
  const v = toErrorView(new AddinError('blocked', 'In the way.', { data: { cells: ['S!A1', 'S!A2'] }, detail: 'range S!A1:A2' }));
  expect(v.cells).toEqual(['S!A1', 'S!A2']);
  expect(v.detail).toBe('range S!A1:A2');
  expect(toErrorView(new AddinError('server', 'same', { detail: 'same' })).detail).toBeNull();
  expect(toErrorView(new AddinError('blocked', 'x', { data: { cells: 'not a list' } })).cells).toEqual([]);
});

test('a {kind, message} object rebuilt from google.script.run is read like an AddinError', () => {
  const v = toErrorView({ kind: 'forbidden', message: 'No rights.' });
  expect(v.kind).toBe('forbidden');
  expect(v.message).toBe('No rights.');
});

test('an unknown error shows its message only, never its stack', () => {
  const e = new TypeError('boom');
  const v = toErrorView(e);
  expect(v.kind).toBe('unknown');
  expect(v.message).toBe('boom');
  expect(JSON.stringify(v)).not.toContain(' at ');
  expect(toErrorView({ kind: 'nonsense', message: 'm' }).kind).toBe('unknown');
  expect(toErrorView(undefined).message).toBe('An unexpected error occurred.');
});

test('describeCells names the first three and counts the rest', () => {
  expect(describeCells([])).toBe('some cells');
  expect(describeCells(['A1'])).toBe('A1');
  expect(describeCells(['A1', 'B1'])).toBe('A1 and B1');
  expect(describeCells(['A1', 'B1', 'C1'])).toBe('A1, B1 and C1');
  expect(describeCells(['A1', 'B1', 'C1', 'D1'])).toBe('A1, B1, C1 and 1 more cell');
  expect(describeCells(['A1', 'B1', 'C1', 'D1', 'E1'])).toBe('A1, B1, C1 and 2 more cells');
  // A total beyond the cells listed (the core lists the first 20) is counted too.
  expect(describeCells(['A1', 'B1', 'C1', 'D1'], 3, 40)).toBe('A1, B1, C1 and 37 more cells');
  expect(describeCells(['A1', 'B1'], 3, 5)).toBe('A1, B1 and 3 more cells');
});

test('a query error is said once, without the engine quoting the rewritten SQL, pointing at the line of the SQL the user wrote', () => {
  const engine =
    'Binder Error: Referenced column "lifetme_value" not found in FROM clause!\nCandidate bindings: "lifetime_value"\n\nLINE 1: SELECT country, SUM(lifetme_value) AS ltv FROM (SELECT ...\n                       ^';
  const error = new AddinError('query', `The query failed: ${engine}`, { detail: engine });
  const sql = 'SELECT country,\n  MEASURE(lifetme_value) AS ltv\nFROM customers\nGROUP BY 1';
  const view = toErrorView(error, { sql });
  expect(view.title).toBe('The query failed');
  expect(view.message).toBe(
    'Binder Error: Referenced column "lifetme_value" not found in FROM clause!\nCandidate bindings: "lifetime_value"',
  );
  expect(`${view.title} ${view.message} ${view.detail ?? ''}`.match(/The query failed/g)).toHaveLength(1);
  expect(`${view.message} ${view.detail ?? ''}`).not.toContain('SUM(');
  expect(view.detail).toBe('Line 2 of your SQL: MEASURE(lifetme_value) AS ltv');
  // Without the SQL at hand: said once, no engine context, no detail repeating the message.
  const bare = toErrorView(error);
  expect(bare.detail).toBeNull();
  expect(bare.message).not.toContain('LINE 1');
  // Rows already received: said in the message, still once.
  const partial = toErrorView(
    new AddinError('query', 'The query failed after 120 rows, which were discarded: Out of memory', { detail: 'Out of memory' }),
  );
  expect(partial.message).toBe('Stopped after 120 rows, which were discarded: Out of memory');
});

test("a host failure that says what to do gets no editing hint: the sidebar's call the server could not run", () => {
  const failed =
    'Google Sheets could not run locateHandEdits (Exceeded maximum execution time). Close and reopen the sidebar, then try again.';
  const view = toErrorView(new AddinError('host', failed));
  expect(view.title).toBe('The spreadsheet could not do that');
  expect(view.hint).toBeNull();
  expect(toErrorView(new AddinError('host', 'The range could not be written.')).hint).toBe('Finish editing any cell, then try again.');
});

test('a validation error shown on a card, or naming a refused cell, gets no "correct the fields" hint', () => {
  const form = 'Correct the fields named above and try again.';
  expect(toErrorView(new AddinError('validation', 'Choose a view.')).hint).toBe(form);
  expect(toErrorView(new AddinError('validation', 'Choose a view.'), { card: true }).hint).toBeNull();
  const empty = new AddinError('validation', 'The parameter cell A1 is empty. Enter text in A1, then refresh.', { data: { cell: 'A1' } });
  expect(toErrorView(empty).hint).toBeNull();
  expect(toErrorView(empty).intent).toBe('warning');
});
