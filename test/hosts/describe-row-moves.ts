/**
 * The conformance suite's part on whole rows inserted and deleted by the add-in itself (a placement set to insert rows):
 * cells and tracked areas below move, and two stacked placements both refresh where they are afterwards.
 */
import type { GridRange, SpreadsheetHost } from '../../src/core/host';
import { Orchestrator } from '../../src/core/placements/orchestrator';
import { countingBytes, draft, fakeClock, FakeQueries, FakeReports, numbered } from '../core/placements/fakes';

/** Runs inside `describeSpreadsheetHost`: `current()` is the test's fresh host and its first sheet. */
export function describeRowMoves(current: () => { host: SpreadsheetHost; sheetId: string }): void {
  describe('whole rows inserted and deleted by the add-in', () => {
    const values = async (host: SpreadsheetHost, r: GridRange) => (await host.snapshot([r]))[0]?.values;

    it('inserts rows: cells and tracked areas below move down, an area above stays, the new rows are empty', async () => {
      const { host, sheetId } = current();
      const at = (row: number, col: number, rows: number, cols: number): GridRange => ({ sheetId, row, col, rows, cols });
      await host.writeBlock({ sheetId, row: 1, col: 1, values: [['above'], ['last']] });
      await host.writeBlock({ sheetId, row: 5, col: 0, values: [['below', 'x']] });
      await host.trackArea('above', at(1, 1, 2, 1));
      await host.trackArea('below', at(5, 0, 1, 2));
      await host.insertRows(sheetId, 3, 4);
      expect((await host.layout()).areas).toEqual({ above: at(1, 1, 2, 1), below: at(9, 0, 1, 2) });
      expect(await values(host, at(9, 0, 1, 2))).toEqual([['below', 'x']]);
      expect((await values(host, at(3, 0, 6, 3)))?.flat().every((v) => v === null)).toBe(true);
      expect(await values(host, at(2, 1, 1, 1))).toEqual([['last']]);
    });

    it('deletes rows: an area inside shrinks, areas below move up with their cells', async () => {
      const { host, sheetId } = current();
      const at = (row: number, col: number, rows: number, cols: number): GridRange => ({ sheetId, row, col, rows, cols });
      await host.writeBlock({ sheetId, row: 0, col: 0, values: [['a'], ['b'], ['c'], ['d']] });
      await host.writeBlock({ sheetId, row: 8, col: 2, values: [['moved up']] });
      await host.trackArea('shrinks', at(0, 0, 4, 1));
      await host.trackArea('below', at(8, 2, 1, 1));
      await host.deleteRows(sheetId, 2, 3);
      expect((await host.layout()).areas).toEqual({ shrinks: at(0, 0, 2, 1), below: at(5, 2, 1, 1) });
      expect(await values(host, at(0, 0, 3, 1))).toEqual([['a'], ['b'], [null]]);
      expect(await values(host, at(5, 2, 1, 1))).toEqual([['moved up']]);
    });

    it('a placement grown with insert rows pushes a second one below it down, and both refresh correctly afterwards', async () => {
      const { host, sheetId } = current();
      const reports = new FakeReports();
      const queries = new FakeQueries().set('SELECT top', numbered(2, 't')).set('SELECT below', numbered(2, 'b'));
      const orch = new Orchestrator({ host, reports, queries: queries.runnerFor, clock: fakeClock(), randomBytes: countingBytes() });
      const top = await orch.insert(draft('SELECT top', 'Top'), { sheetId, row: 0, col: 0 });
      const below = await orch.insert(draft('SELECT below', 'Below'), { sheetId, row: 4, col: 0 });
      await orch.setOptions(top.placementId, { growth: 'insertRows' });
      queries.set('SELECT grown', numbered(5, 'g'));
      reports.editSql(top.reportId, 'SELECT grown');
      expect((await orch.refresh(top.placementId)).rangeRef).toBe('Sheet1!A1:B6');
      expect((await host.layout([below.placementId])).areas[below.placementId]).toEqual({ sheetId, row: 7, col: 0, rows: 3, cols: 2 });
      queries.set('SELECT below', numbered(3, 'c'));
      expect((await orch.refresh(below.placementId)).rangeRef).toBe('Sheet1!A8:B11');
      expect(await values(host, { sheetId, row: 0, col: 0, rows: 11, cols: 1 })).toEqual([
        ['key'],
        ['g0'],
        ['g1'],
        ['g2'],
        ['g3'],
        ['g4'],
        [null],
        ['key'],
        ['c0'],
        ['c1'],
        ['c2'],
      ]);
    });
  });
}
