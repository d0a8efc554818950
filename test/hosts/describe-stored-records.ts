/**
 * The conformance suite's part on what a shared document stores: any editor can change the placement records and the
 * tracked areas, so a record out of bounds is refused with its message and never run, and a refresh clears only the
 * cells its fingerprint shows it wrote, never another placement's or a user's.
 */
import type { SpreadsheetHost } from '../../src/core/host';
import { Orchestrator } from '../../src/core/placements/orchestrator';
import { readRegistry, recordKey } from '../../src/core/placements/placement-record';
import { refreshAll } from '../../src/core/jobs/refresh-all';
import { NEEDS_CONFIRMATION } from '../../src/core/automation/placement-confirmations';
import { SESSION_KEY } from '../../src/core/service/session-store';
import { addinRejection } from '../helpers/caught-error';
import { countingBytes, fakeClock, FakeQueries, FakeReports, numbered } from '../core/placements/fakes';

/** Runs inside `describeSpreadsheetHost`: `current()` is the test's fresh host and its first sheet. */
export function describeStoredRecords(current: () => { host: SpreadsheetHost; sheetId: string }): void {
  describe('records and areas changed in the document by another editor', () => {
    async function placed(sql: string, row: number, col: number, rows: number) {
      const { host, sheetId } = current();
      const queries = new FakeQueries().set(`SELECT '${sql}'`, numbered(rows, sql));
      const orch = new Orchestrator({
        host,
        reports: new FakeReports(),
        queries: queries.runnerFor,
        clock: fakeClock(),
        randomBytes: countingBytes(),
      });
      const out = await orch.insert(
        { deploymentId: '7', environmentId: '3', name: sql, sqlQuery: `SELECT '${sql}'` },
        { sheetId, row, col },
      );
      return { orch, queries, id: out.placementId };
    }
    const forge = async (id: string, change: (record: Record<string, unknown>) => void): Promise<void> => {
      const { host } = current();
      const raw = await host.documentStore.get(recordKey(id));
      const record = JSON.parse(raw ?? '{}') as Record<string, unknown>;
      change(record);
      await host.documentStore.update({ [recordKey(id)]: JSON.stringify(record) });
    };
    const values = async (row: number, col: number, rows: number, cols: number) => {
      const { host, sheetId } = current();
      const [snap] = await host.snapshot([{ sheetId, row, col, rows, cols }]);
      // Empty reads as null or "" by host.
      return snap?.values.map((row) => row.map((v) => (v === null ? '' : v)));
    };

    it('refuses a record whose bound value index or area passes what the host allows, with its message, and runs nothing', async () => {
      const { host, sheetId } = current();
      const { orch, queries, id } = await placed('a', 0, 0, 3);
      const before = await values(0, 0, 4, 2);
      const calls = queries.calls.length;
      const binding = { id: 'b1', filter: 0, value: 30_000_000, member: 'orders.status', type: 'string', ref: 'B9' };
      await forge(id, (r) => (r.parameters = [{ ...binding, range: { sheetId, row: 8, col: 1, rows: 1, cols: 1 } }]));
      const e = await addinRejection(orch.refresh(id));
      expect(e.kind).toBe('contract');
      expect(e.message).toMatch(/out of bounds \(parameters\.0\.value/);
      expect((await readRegistry(host.documentStore, host.limits)).damaged[0]?.message).toBe(e.message);
      // An area past this host's last row: refused on this host by its own limits.
      await forge(id, (r) => {
        delete r.parameters;
        r.area = { row: host.limits.maxRows - 2, col: 0, rows: 4, cols: 2 };
      });
      const past = await addinRejection(orch.refresh(id));
      expect(past.message).toMatch(/out of bounds \(.*(past this sheet's last row|last row \(10000000\))/);
      expect(queries.calls.length).toBe(calls);
      expect(await values(0, 0, 4, 2)).toEqual(before);
    });

    it('clears only the cells its fingerprint shows it wrote when the tracked area was made larger over others', async () => {
      const { host, sheetId } = current();
      const a = await placed('a', 0, 0, 5);
      await placed('b', 0, 3, 5);
      await host.writeBlock({ sheetId, row: 8, col: 0, values: [['mine']] });
      const b = await values(0, 3, 6, 2);
      // Another editor redefines A's tracked area over the user's cell and report B.
      await host.trackArea(a.id, { sheetId, row: 0, col: 0, rows: 10, cols: 5 });
      a.queries.set("SELECT 'a'", numbered(1, 'a2'));
      for (const handEdits of ['stop', 'overwrite'] as const) {
        await a.orch.refresh(a.id, { handEdits });
        expect(await values(8, 0, 1, 1)).toEqual([['mine']]);
        expect(await values(0, 3, 6, 2)).toEqual(b);
        await host.trackArea(a.id, { sheetId, row: 0, col: 0, rows: 10, cols: 5 });
      }
    });

    it('clears its own leftovers but keeps a leftover cell edited by hand since', async () => {
      const { host, sheetId } = current();
      const a = await placed('a', 0, 0, 5);
      await host.writeBlock({ sheetId, row: 5, col: 1, values: [['typed']] });
      a.queries.set("SELECT 'a'", numbered(2, 'a2'));
      await a.orch.refresh(a.id, { handEdits: 'overwrite' });
      expect(await values(0, 0, 6, 2)).toEqual([
        ['key', 'value_n'],
        ['a20', 0],
        ['a21', 1],
        ['', ''],
        ['', ''],
        ['', 'typed'],
      ]);
    });

    it('an unattended run fetches only what the key owner placed or confirmed; the proof is in per-user storage only', async () => {
      const { host, sheetId } = current();
      const reports = new FakeReports();
      const queries = new FakeQueries().set("SELECT 'a'", numbered(2, 'a')).set("SELECT 'b'", numbered(2, 'b'));
      const orch = new Orchestrator({ host, reports, queries: queries.runnerFor, clock: fakeClock(), randomBytes: countingBytes() });
      const insert = (sql: string, row: number) =>
        orch.insert({ deploymentId: '7', environmentId: '3', name: sql, sqlQuery: `SELECT '${sql}'` }, { sheetId, row, col: 0 });
      // B is placed by someone else (here: with nobody signed in); A by the key's owner.
      const b = await insert('b', 10);
      await host.credentials.set(SESSION_KEY, JSON.stringify({ tenantUrl: 'https://t.example', apiKey: 'k-owner', authScheme: 'auto' }));
      const a = await insert('a', 0);
      const connects = () => reports.calls.filter((c) => c.method === 'connectWorkbook').map((c) => c.reportId);
      const run = async () => {
        const before = connects().length;
        const summary = await refreshAll(orch, [a.placementId, b.placementId], { unattended: true });
        return {
          items: Object.fromEntries(summary.items.map((x) => [x.placementId, x.item.state])),
          summary,
          connected: connects().slice(before),
        };
      };
      const first = await run();
      expect(first.items).toEqual({ [a.placementId]: 'done', [b.placementId]: 'skipped' });
      expect(first.summary).toMatchObject({ done: 1, skipped: 0, needsConfirmation: 1 });
      expect(first.summary.items[1]?.item).toEqual({ state: 'skipped', reason: NEEDS_CONFIRMATION, needsConfirmation: true });
      expect([...new Set(first.connected)]).toEqual([a.reportId]);
      // Another editor points A's record at B's report: A is no longer what its owner confirmed.
      await forge(a.placementId, (r) => {
        r.publicId = b.publicId;
        r.reportId = b.reportId;
      });
      const forged = await run();
      expect(forged.items[a.placementId]).toBe('skipped');
      expect(forged.connected).toEqual([]);
      // The owner confirms B on its card: the next unattended run fetches it.
      await orch.confirm(b.placementId);
      expect((await run()).items[b.placementId]).toBe('done');
      const session = JSON.parse((await host.credentials.get(SESSION_KEY)) ?? '{}') as { confirmed: string[] };
      expect(session.confirmed).toHaveLength(2);
      const document = JSON.stringify(await host.documentStore.entries(''));
      for (const digest of session.confirmed) expect(document).not.toContain(digest);
    });
  });
}
