/**
 * The conformance suite's part on parameter cells: a filter value bound to a cell is tracked by the host, follows rows
 * and columns the user inserts, is read from where it is now by the next refresh, and stops the run once deleted.
 */
import { changedParameters } from '../../src/core/params/parameter-changes';
import type { SheetRef, SpreadsheetHost } from '../../src/core/host';
import { emptyBuilderState, type BuilderState } from '../../src/core/builder/builder-state';
import { compileBuilder } from '../../src/core/builder/compile';
import { Orchestrator } from '../../src/core/placements/orchestrator';
import { parameterAreaId } from '../../src/core/params/parameter-binding';
import { compileWithParameters } from '../../src/core/service/parameter-compiler';
import { buildMeta } from '../../local-platform/warehouse/model-meta';
import { SEMANTIC_MODEL } from '../../local-platform/warehouse/semantic-model';
import { countingBytes, fakeClock, FakeQueries, FakeReports, numbered } from '../core/placements/fakes';
import type { WorkbookEdits } from './describe-spreadsheet-host';

const meta = buildMeta(SEMANTIC_MODEL);

function byStatus(status: string): BuilderState {
  return {
    ...emptyBuilderState(),
    view: 'orders',
    measures: ['orders.count'],
    rows: ['orders.status'],
    filters: [{ member: 'orders.status', operator: 'equals', values: [status] }],
  };
}
const sqlOf = (status: string) => compileBuilder(byStatus(status), meta).sqlQuery;

/** Runs inside `describeSpreadsheetHost`: `current()` is the test's fresh host, its first sheet and its user edits. */
export function describeBoundCells(current: () => { host: SpreadsheetHost; sheetId: string; edits: WorkbookEdits }): void {
  describe('parameter cells bound to a filter', () => {
    async function bound(): Promise<{ orch: Orchestrator; queries: FakeQueries; id: string; inputs: SheetRef }> {
      const { host, sheetId, edits } = current();
      const queries = new FakeQueries().set(sqlOf('completed'), numbered(1, 'c'));
      const orch = new Orchestrator({
        host,
        reports: new FakeReports(),
        queries: queries.runnerFor,
        clock: fakeClock(),
        randomBytes: countingBytes(),
        parameters: (context, report, values) => compileWithParameters(context, report, values, async () => meta),
      });
      const placed = await orch.insert(
        {
          deploymentId: '7',
          environmentId: '3',
          name: 'Orders',
          sqlQuery: sqlOf('completed'),
          meta: { mode: 'builder', builderState: byStatus('completed') },
        },
        { sheetId, row: 0, col: 0 },
      );
      const inputs = await edits.addSheet('Inputs');
      await host.writeBlock({ sheetId: inputs.id, row: 1, col: 1, values: [['returned']] });
      await orch.bindParameters(
        placed.placementId,
        [{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'Inputs!B2' }],
        sheetId,
      );
      return { orch, queries, id: placed.placementId, inputs };
    }

    it('moves with rows and columns inserted above and left of it; the refresh reads it there', async () => {
      const { host, edits } = current();
      const { orch, queries, id, inputs } = await bound();
      queries.set(sqlOf('returned'), numbered(1, 'r'));
      await orch.refresh(id);
      expect(queries.calls.at(-1)?.query).toBe(sqlOf('returned'));
      await edits.insertRows(inputs.id, 0, 2);
      await edits.insertColumns(inputs.id, 0, 1);
      const areaId = parameterAreaId(id, 'b1');
      expect((await host.layout()).areas[areaId]).toEqual({ sheetId: inputs.id, row: 3, col: 2, rows: 1, cols: 1 });
      expect(changedParameters(await orch.parameterStatuses())).toEqual([]);
      await host.writeBlock({ sheetId: inputs.id, row: 3, col: 2, values: [['processing']] });
      expect(changedParameters(await orch.parameterStatuses())).toEqual([{ placementId: id, cells: ['Inputs!C4'] }]);
      queries.set(sqlOf('processing'), numbered(1, 'p'));
      await orch.refresh(id);
      expect(queries.calls.at(-1)?.query).toBe(sqlOf('processing'));
      expect(changedParameters(await orch.parameterStatuses())).toEqual([]);
    });

    it('reads a workbook name on every run and status check: a redefined name moves the binding, a deleted one stops it', async () => {
      const { host, sheetId, edits } = current();
      const { orch, queries, id, inputs } = await bound();
      await host.writeBlock({ sheetId: inputs.id, row: 4, col: 0, values: [['shipped'], ['processing']] });
      await edits.defineName('StatusPick', { sheetId: inputs.id, row: 4, col: 0, rows: 1, cols: 1 });
      await orch.bindParameters(id, [{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'StatusPick' }], sheetId);
      expect(await host.layout(undefined, ['statuspick'])).toMatchObject({
        names: { statuspick: { sheetId: inputs.id, row: 4, col: 0, rows: 1, cols: 1 } },
      });
      queries.set(sqlOf('shipped'), numbered(1, 's'));
      await orch.refresh(id);
      expect(queries.calls.at(-1)?.query).toBe(sqlOf('shipped'));
      expect(changedParameters(await orch.parameterStatuses())).toEqual([]);

      await edits.defineName('StatusPick', { sheetId: inputs.id, row: 5, col: 0, rows: 1, cols: 1 });
      expect(changedParameters(await orch.parameterStatuses())).toEqual([{ placementId: id, cells: ['StatusPick'] }]);
      queries.set(sqlOf('processing'), numbered(1, 'p'));
      await orch.refresh(id);
      expect(queries.calls.at(-1)?.query).toBe(sqlOf('processing'));

      await edits.insertRows(inputs.id, 0, 1);
      expect((await host.layout(undefined, ['StatusPick'])).names).toEqual({
        StatusPick: { sheetId: inputs.id, row: 6, col: 0, rows: 1, cols: 1 },
      });
      expect(changedParameters(await orch.parameterStatuses())).toEqual([]);

      await edits.deleteName('StatusPick');
      expect((await host.layout(undefined, ['StatusPick'])).names).toEqual({ StatusPick: null });
      expect(changedParameters(await orch.parameterStatuses())).toEqual([{ placementId: id, cells: ['StatusPick'] }]);
      const before = queries.calls.length;
      await expect(orch.refresh(id)).rejects.toThrow(/The name StatusPick that a filter is bound to no longer exists/);
      expect(queries.calls).toHaveLength(before);
    });

    it('refuses to bind a name that does not exist, naming it', async () => {
      const { sheetId } = current();
      const { orch, id } = await bound();
      await expect(
        orch.bindParameters(id, [{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'NoSuchName' }], sheetId),
      ).rejects.toThrow(/The name NoSuchName/);
    });

    it('stops the refresh naming the cell once its row is deleted, before any query', async () => {
      const { edits } = current();
      const { orch, queries, id, inputs } = await bound();
      await edits.deleteRows(inputs.id, 1, 1);
      const before = queries.calls.length;
      await expect(orch.refresh(id)).rejects.toThrow(/The parameter cell Inputs!B2 was deleted/);
      expect(queries.calls).toHaveLength(before);
    });
  });
}
