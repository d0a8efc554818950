// The BUILT server bundle in a vm with the Apps Script fakes, against the real local platform: the schedule's trigger
// entry point refreshes only the placements the key's owner placed or confirmed. A record another editor changed to
// point at another report is left alone, named in the toast, marked on its card, and fetched once the owner confirms it.
import { PRODUCT_PREFIX } from '../../src/core/wire/wire-names';
import { sqlDraft } from '../helpers/sql-draft';
import { useBuiltServer } from './helpers/built-server';
import { useSheetsScenario } from './helpers/sheets-scenario';
import { drainExecution, loadProject } from './helpers/vm-project';

const server = useBuiltServer('sheets-unattended-confirmation-', 120_000);
const scenario = useSheetsScenario(server);
const { signedIn, insertAt, expectNoKeyInDocument } = scenario;

const BY_STATUS = 'SELECT status, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1';
const COUNT = 'SELECT MEASURE(count) AS orders FROM orders';

test('the scheduled trigger fetches only what its owner placed or confirmed; a record pointed at another report waits', async () => {
  await signedIn();
  const a = await insertAt(0, 0, sqlDraft('Kept', BY_STATUS));
  const b = await insertAt(0, 4, sqlDraft('Changed', BY_STATUS));
  // A report the other editor wants fetched with the owner's key: placed once, then its placement removed.
  const placed = await insertAt(20, 0, sqlDraft('Other', COUNT));
  const other = (await scenario.client.call('listPlacements', {})).find((v) => v.placementId === placed.placementId)!;
  const kept = (await scenario.client.call('listPlacements', {})).find((v) => v.placementId === a.placementId)!;
  await scenario.client.call('remove', { placementId: other.placementId, clearCells: true });
  const key = `${PRODUCT_PREFIX}.placement.${b.placementId}`;
  const document = scenario.env.stores.document.data;
  const record = JSON.parse(document.get(key) ?? '{}') as Record<string, unknown>;
  document.set(key, JSON.stringify({ ...record, reportId: other.reportId, publicId: other.publicId }));

  const before = scenario.env.urlFetch.requests.length;
  const scope = loadProject(scenario.env, server.code, 'FULL');
  scope.scheduledRefreshAll!();
  await drainExecution();
  const connects = scenario.env.urlFetch.requests.slice(before).filter((r) => /connect-workbook/.test(r.url));
  expect(connects.length).toBeGreaterThan(0);
  expect(connects.every((r) => r.url.includes(`/reports/${kept.reportId}/`))).toBe(true);
  expect(scenario.env.book.toasts.at(-1)?.msg).toMatch(/^Refreshed 1 report, 1 needs your confirmation/);

  scenario.env.begin('FULL');
  const views = await scenario.client.call('listPlacements', {});
  expect(views.map((v) => [v.placementId, v.needsConfirmation === true])).toEqual([
    [a.placementId, false],
    [b.placementId, true],
  ]);
  await scenario.client.call('confirmPlacement', { placementId: b.placementId });
  const next = scenario.env.urlFetch.requests.length;
  loadProject(scenario.env, server.code, 'FULL').scheduledRefreshAll!();
  await drainExecution();
  const later = scenario.env.urlFetch.requests.slice(next).filter((r) => /connect-workbook/.test(r.url));
  expect(later.some((r) => r.url.includes(`/reports/${other.reportId}/`))).toBe(true);
  expect(scenario.env.book.toasts.at(-1)?.msg).toBe('Refreshed 2 reports.');
  // The proof is in user properties, never in the document.
  expect(JSON.stringify([...document.values()])).not.toMatch(/confirmed/);
  expectNoKeyInDocument();
});
