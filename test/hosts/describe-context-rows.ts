/**
 * The conformance suite's part on a placement's context: cell notes set, replaced and removed in one call, and the
 * filter summary row and anchor note of a placement turned on, refreshed and turned off through the Orchestrator.
 */
import { TEXT_FORMAT, type SpreadsheetHost } from '../../src/core/host';
import { SQL_FILTERS } from '../../src/core/builder/filter-words';
import { Orchestrator } from '../../src/core/placements/orchestrator';
import { countingBytes, fakeClock, FakeQueries, FakeReports, numbered } from '../core/placements/fakes';

/** Reads a cell's note from the host's fake or model (null when it has none). */
export type NotesAt<H> = (host: H, sheetId: string, row: number, col: number) => string | null;

/** Runs inside `describeSpreadsheetHost`: `current()` is the test's fresh host and its first sheet. */
export function describeContextRows<H extends SpreadsheetHost>(current: () => { host: H; sheetId: string }, notesAt: NotesAt<H>): void {
  describe('cell notes and the placement context', () => {
    it('sets, replaces and removes several notes in one call, and a bad cell changes none', async () => {
      const { host, sheetId } = current();
      expect(host.notesUnsupported).toBeNull();
      await host.setNotes([
        { sheetId, row: 0, col: 0, text: 'first' },
        { sheetId, row: 4, col: 2, text: 'second' },
      ]);
      expect([notesAt(host, sheetId, 0, 0), notesAt(host, sheetId, 4, 2)]).toEqual(['first', 'second']);
      await host.setNotes([
        { sheetId, row: 0, col: 0, text: 'first, again' },
        { sheetId, row: 4, col: 2, text: null },
      ]);
      expect([notesAt(host, sheetId, 0, 0), notesAt(host, sheetId, 4, 2)]).toEqual(['first, again', null]);
      await expect(
        host.setNotes([
          { sheetId, row: 0, col: 0, text: null },
          { sheetId: 'no-such-sheet', row: 0, col: 0, text: 'x' },
        ]),
      ).rejects.toMatchObject({ kind: expect.stringMatching(/^(notFound|host)$/) });
      expect(notesAt(host, sheetId, 0, 0)).toBe('first, again');
    });

    it('keeps a summary row of inert text above the table and a note on the anchor, and takes both away', async () => {
      const { host, sheetId } = current();
      const queries = new FakeQueries().set('SELECT orders', numbered(2));
      const orch = new Orchestrator({
        host,
        reports: new FakeReports(),
        queries: queries.runnerFor,
        clock: fakeClock(),
        randomBytes: countingBytes(),
      });
      const placed = await orch.insert(
        { deploymentId: '7', environmentId: '3', name: 'Orders', sqlQuery: 'SELECT orders' },
        { sheetId, row: 1, col: 1 },
      );
      const out = await orch.setContext(placed.placementId, { filterSummary: true, anchorNote: true });
      expect(out?.area).toEqual({ sheetId, row: 1, col: 1, rows: 4, cols: 2 });
      const [shot] = await host.snapshot([{ sheetId, row: 1, col: 1, rows: 2, cols: 2 }]);
      expect(shot?.values).toEqual([
        [SQL_FILTERS, null],
        ['key', 'value_n'],
      ]);
      expect(shot?.formats[0]?.[0]).toBe(TEXT_FORMAT);
      expect(notesAt(host, sheetId, 1, 1)).toBe("Report 'Orders', refreshed 2025-01-15 09:00 UTC");
      await orch.setContext(placed.placementId, { filterSummary: false, anchorNote: false });
      const [after] = await host.snapshot([{ sheetId, row: 1, col: 1, rows: 4, cols: 2 }]);
      expect(after?.values).toEqual([
        ['key', 'value_n'],
        ['k0', 0],
        ['k1', 1],
        [null, null],
      ]);
      expect(notesAt(host, sheetId, 1, 1)).toBeNull();
    });
  });
}
