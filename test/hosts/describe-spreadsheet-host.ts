/**
 * The SpreadsheetHost conformance suite: the behaviour every host must have, as tests. Run it on a host with
 * `describeSpreadsheetHost(name, makeHost, makeEdits)`; the memory and preview hosts run it here, the Excel and Sheets
 * hosts run it over their fakes.
 *
 * - `makeHost()` returns a fresh workbook's host (one sheet at least, nothing tracked, empty stores) for each test.
 * - `makeEdits(host)` returns the test-only driver of edits a user makes in the host's own UI (inserting or deleting
 *   rows, columns and sheets): the suite uses it to check that tracked areas move with the cells and are orphaned when
 *   their cells go. It is not part of the port.
 * - `options.dispose(host)` runs after each test (stop timers, close fakes).
 * - `options.selectedRanges(host)` reads, from the host's fake or model, the ranges its last selection holds (one
 *   bounding rectangle for a host whose grid selects one rectangle only).
 */
import { PRODUCT_PREFIX } from '../../src/core/wire/wire-names';
import { GENERAL_FORMAT, TEXT_FORMAT, type GridRange, type Scalar, type SheetRef, type SpreadsheetHost } from '../../src/core/host';
import { boldRuns } from '../../src/core/cells/cell-runs';
import type { Matrix } from '../../src/core/cells/matrix';
import { estimateBlockBytes, planWriteBlocks } from '../../src/core/cells/write-plan';
import { loadRegistry, readRegistry, saveRegistry, type PlacementRecord } from '../../src/core/placements/placement-record';
import { readSnapshots } from '../../src/core/placements/snapshot-reads';
import { describeRowMoves } from './describe-row-moves';
import { describeBoundCells } from './describe-bound-cells';
import { describeStoredRecords } from './describe-stored-records';
import { describeContextRows, type NotesAt } from './describe-context-rows';

/** Edits a user makes in the host's UI, for the suite only (0-based rows and columns). */
export interface WorkbookEdits {
  insertRows(sheetId: string, row: number, count: number): Promise<void>;
  deleteRows(sheetId: string, row: number, count: number): Promise<void>;
  insertColumns(sheetId: string, col: number, count: number): Promise<void>;
  deleteColumns(sheetId: string, col: number, count: number): Promise<void>;
  addSheet(name: string): Promise<SheetRef>;
  deleteSheet(sheetId: string): Promise<void>;
  /** Defines (or redefines) a workbook-scoped name over `range`, as in the Name Manager (Sheets: Data > Named ranges). */
  defineName(name: string, range: GridRange): Promise<void>;
  deleteName(name: string): Promise<void>;
}

export interface HostSuiteOptions<H extends SpreadsheetHost> {
  dispose?: (host: H) => void | Promise<void>;
  selectedRanges: (host: H) => GridRange[];
  /** The host selects one rectangle only: several ranges select their bounding rectangle. */
  oneRectangle?: boolean;
  /** Reads a cell's note from the host's fake or model. */
  notesAt: NotesAt<H>;
}

const DATE_FORMAT = 'yyyy-mm-dd';

function record(i: number, sheetId: string): PlacementRecord {
  const id = `P${String(i).padStart(11, '0')}`;
  return {
    placementId: id,
    reportId: 1000 + i,
    publicId: `Q${String(i).padStart(11, '0')}`,
    deploymentId: '101',
    environmentId: '1011',
    name: `Report ${i}: orders by status and product category, last 90 days`,
    sheetId,
    sheetName: 'Sheet1',
    anchor: { row: i * 10, col: 1 },
    area: { row: i * 10, col: 1, rows: 8, cols: 4 },
    areaRows: 8,
    cols: 4,
    headerRows: 1,
    layout: 'flat',
    queryChecksum: 'c'.repeat(64),
    placedAt: '2025-01-15T09:00:00.000Z',
    refreshedAt: '2025-01-15T09:00:00.000Z',
    lastError: { kind: 'query', message: 'The query failed: '.padEnd(400, 'x'), at: '2025-01-15T09:00:00.000Z' },
  };
}

export function describeSpreadsheetHost<H extends SpreadsheetHost>(
  name: string,
  makeHost: () => H | Promise<H>,
  makeEdits: (host: H) => WorkbookEdits,
  options: HostSuiteOptions<H>,
): void {
  describe(`SpreadsheetHost conformance: ${name}`, () => {
    let host: H;
    let edits: WorkbookEdits;
    let sheetId: string;

    beforeEach(async () => {
      host = await makeHost();
      edits = makeEdits(host);
      const first = (await host.layout()).sheets[0];
      if (!first) throw new Error('the host made a workbook without a sheet');
      sheetId = first.id;
    });
    afterEach(async () => {
      await options.dispose?.(host);
    });

    const range = (row: number, col: number, rows: number, cols: number): GridRange => ({ sheetId, row, col, rows, cols });
    const read = async (r: GridRange) => {
      const [snap] = await readSnapshots([r], host.limits, (bands) => host.snapshot(bands));
      if (!snap) throw new Error('no snapshot');
      return snap;
    };
    const writeMatrix = async (m: Matrix, row: number, col: number): Promise<number> => {
      const blocks = planWriteBlocks(m, { sheetId, row, col }, host.limits);
      for (const block of blocks) await host.writeBlock(block);
      return blocks.length;
    };

    it('writes and reads back every value kind: numbers, exact big-integer text, inert text, booleans, dates, empty', async () => {
      const values: Scalar[][] = [
        [1.5, -42, 0, 1e-7, 2 ** 53 - 1],
        ['12345678901234567890', '=1+1', '+33 1 23', '-x', '@user'],
        ['00123', 'TRUE', '1e5', '2024-01-15', 'plain text'],
        [true, false, 45306, 45306.5, null],
      ];
      const T = TEXT_FORMAT;
      const formats: (string | null)[][] = [
        [null, null, null, null, null],
        [T, T, T, T, T],
        [T, T, T, T, T],
        [null, null, DATE_FORMAT, 'yyyy-mm-dd hh:mm', null],
      ];
      await writeMatrix({ rows: 4, cols: 5, values, formats, headerRows: 0 }, 2, 1);
      const snap = await read(range(2, 1, 4, 5));
      expect(snap.values).toEqual(values);
      expect(snap.formats).toEqual(formats.map((line) => line.map((f) => f ?? GENERAL_FORMAT)));
      expect(snap.bold.flat().every((b) => b === false)).toBe(true);
    });

    it('takes blocks planned at its payload budget, and reads them back in blocks under its read budget', async () => {
      const cols = 6;
      const text = 'x'.repeat(400);
      const cellBytes = text.length + 8;
      const rowsPerBlock = Math.floor(Math.min(host.limits.maxBytesPerWrite / (cols * cellBytes), host.limits.maxCellsPerWrite / cols));
      const rows = Math.min(rowsPerBlock * 2 + 3, host.limits.maxRows - 1);
      const values: Scalar[][] = Array.from({ length: rows }, (_, i) =>
        Array.from({ length: cols }, (_, j) => (j === 0 ? i : `${text}${j}`)),
      );
      const m: Matrix = { rows, cols, values, formats: values.map((line) => line.map(() => null)), headerRows: 1 };
      const blocks = planWriteBlocks(m, { sheetId, row: 0, col: 0 }, host.limits);
      expect(blocks.length).toBeGreaterThanOrEqual(2);
      for (const block of blocks) {
        expect(estimateBlockBytes({ values: block.values })).toBeLessThanOrEqual(host.limits.maxBytesPerWrite);
        await host.writeBlock(block);
      }
      const snap = await read(range(0, 0, rows, cols));
      expect(snap.values[rows - 1]).toEqual(values[rows - 1]);
      expect(snap.values[rowsPerBlock]).toEqual(values[rowsPerBlock]);
      expect(snap.bold[0]).toEqual(new Array<boolean>(cols).fill(true));
      expect(snap.bold[1]).toEqual(new Array<boolean>(cols).fill(false));
    });

    it('clears the contents of several ranges in one call and leaves formats and bold alone', async () => {
      await writeMatrix(
        {
          rows: 2,
          cols: 3,
          values: [
            ['a', 'b', 'c'],
            [1, 2, 3],
          ],
          formats: [
            [null, null, null],
            ['0.00', '0.00', '0.00'],
          ],
          headerRows: 1,
        },
        0,
        0,
      );
      await host.clear([range(0, 0, 1, 1), range(1, 1, 1, 2)]);
      const snap = await read(range(0, 0, 2, 3));
      expect(snap.values).toEqual([
        [null, 'b', 'c'],
        [1, null, null],
      ]);
      expect(snap.formats[1]).toEqual(['0.00', '0.00', '0.00']);
      expect(snap.bold[0]).toEqual([true, true, true]);
    });

    it('restores a snapshot exactly: values, formats and bold', async () => {
      const area = range(3, 2, 3, 3);
      await writeMatrix(
        {
          rows: 3,
          cols: 3,
          values: [
            ['keep', 5, null],
            [true, '=x', 0.25],
            [null, null, 'z'],
          ],
          formats: [
            [TEXT_FORMAT, '#,##0', null],
            [null, TEXT_FORMAT, '0.0%'],
            [null, DATE_FORMAT, null],
          ],
          headerRows: 0,
          bold: [
            [true, false, false],
            [false, false, true],
            [false, false, false],
          ],
        },
        3,
        2,
      );
      const before = await read(area);
      // Overwritten by a placement that bolds its header and sets its own formats...
      await writeMatrix(
        {
          rows: 3,
          cols: 3,
          values: [
            ['h1', 'h2', 'h3'],
            [1, 2, 3],
            [4, 5, 6],
          ],
          formats: [
            [null, null, null],
            ['0', '0', '0'],
            ['0', '0', '0'],
          ],
          headerRows: 1,
        },
        3,
        2,
      );
      // ...then put back from the snapshot, as a rollback does.
      for (const block of planWriteBlocks({ ...before, rows: 3, cols: 3, headerRows: 0 }, area, host.limits)) await host.writeBlock(block);
      expect(await read(area)).toEqual(before);
      // Bold runs set bold exactly, off as well as on.
      await host.writeBlock({ sheetId, row: 3, col: 2, values: [['keep']], bold: boldRuns([[false]]) });
      expect((await read(range(3, 2, 1, 1))).bold).toEqual([[false]]);
    });

    it('answers the layout in one call: workbook identity, sheets in order, tracked areas (all, or the ones asked for)', async () => {
      const second = await edits.addSheet('Data');
      await host.trackArea('pA', range(1, 1, 2, 2));
      await host.trackArea('pB', { sheetId: second.id, row: 0, col: 0, rows: 1, cols: 1 });
      const layout = await host.layout();
      expect(layout.workbook.id).not.toBe('');
      expect((await host.layout()).workbook).toEqual(layout.workbook);
      expect(layout.sheets.map((s) => s.id)).toEqual([sheetId, second.id]);
      expect(layout.sheets[1]?.name).toBe('Data');
      expect(layout.areas).toEqual({ pA: range(1, 1, 2, 2), pB: { sheetId: second.id, row: 0, col: 0, rows: 1, cols: 1 } });
      expect((await host.layout(['pB', 'unknown'])).areas).toEqual({ pB: layout.areas.pB });
      await host.untrack('pA');
      expect((await host.layout()).areas).toEqual({ pB: layout.areas.pB });
      await host.autofitColumns(range(1, 1, 2, 2));
    });

    describeRowMoves(() => ({ host, sheetId }));
    describeBoundCells(() => ({ host, sheetId, edits }));
    describeStoredRecords(() => ({ host, sheetId }));
    describeContextRows(() => ({ host, sheetId }), options.notesAt);

    it('moves tracked areas with rows and columns inserted above, left of and inside them', async () => {
      await host.trackArea('p', range(5, 2, 3, 2));
      await edits.insertRows(sheetId, 0, 2);
      expect((await host.layout(['p'])).areas.p).toEqual(range(7, 2, 3, 2));
      await edits.insertColumns(sheetId, 0, 1);
      expect((await host.layout(['p'])).areas.p).toEqual(range(7, 3, 3, 2));
      await edits.insertRows(sheetId, 8, 1);
      expect((await host.layout(['p'])).areas.p).toEqual(range(7, 3, 4, 2));
      await edits.insertColumns(sheetId, 4, 2);
      expect((await host.layout(['p'])).areas.p).toEqual(range(7, 3, 4, 4));
      await edits.deleteRows(sheetId, 0, 1);
      expect((await host.layout(['p'])).areas.p).toEqual(range(6, 3, 4, 4));
    });

    it('orphans a tracked area (null, never elsewhere) when its rows, its columns or its sheet are deleted', async () => {
      const second = await edits.addSheet('Other');
      await host.trackArea('rows', range(4, 0, 2, 2));
      await host.trackArea('cols', range(0, 5, 2, 2));
      await host.trackArea('sheet', { sheetId: second.id, row: 0, col: 0, rows: 2, cols: 2 });
      await edits.deleteRows(sheetId, 3, 4);
      await edits.deleteColumns(sheetId, 5, 2);
      await edits.deleteSheet(second.id);
      expect((await host.layout()).areas).toEqual({ rows: null, cols: null, sheet: null });
    });

    it('round-trips the registry of 200 placements in its document store', async () => {
      const records = Array.from({ length: 200 }, (_, i) => record(i, sheetId));
      await saveRegistry(host.documentStore, records);
      expect(await loadRegistry(host.documentStore)).toEqual(records);
      const registry = await readRegistry(host.documentStore);
      expect(registry.damaged).toEqual([]);
      await host.documentStore.update({ [`${PRODUCT_PREFIX}.placement.${records[7]!.placementId}`]: null });
      expect((await loadRegistry(host.documentStore)).length).toBe(199);
    });

    it('selects several ranges at once, the first holding the active cell (one rectangle: their bounding one)', async () => {
      const ranges = [range(6, 2, 1, 1), range(8, 2, 1, 2), range(12, 1, 3, 1)];
      await host.selectRanges(ranges);
      const selected = options.selectedRanges(host);
      if (options.oneRectangle) expect(selected).toEqual([range(6, 1, 9, 3)]);
      else expect([...selected].sort((a, b) => a.row - b.row)).toEqual(ranges);
      const active = await host.activeCell();
      expect({ sheetId: active.sheet.id, row: active.row, col: active.col }).toEqual(
        options.oneRectangle ? { sheetId, row: 6, col: 1 } : { sheetId, row: 6, col: 2 },
      );
      await host.selectRanges([]);
      expect(options.selectedRanges(host)).toEqual(selected);
    });

    it('keeps credentials out of the document store', async () => {
      const secret = 'sk-live-0123456789abcdef';
      await host.credentials.set(
        `${PRODUCT_PREFIX}.session`,
        JSON.stringify({ tenantUrl: 'https://t.example', apiKey: secret, authScheme: 'auto' }),
      );
      await host.documentStore.set(`${PRODUCT_PREFIX}.context`, '{"deploymentId":"101","environmentId":"1011"}');
      expect(await host.credentials.get(`${PRODUCT_PREFIX}.session`)).toContain(secret);
      expect(JSON.stringify(await host.documentStore.entries(''))).not.toContain(secret);
      expect(await host.documentStore.get(`${PRODUCT_PREFIX}.session`)).toBeNull();
      await host.credentials.remove(`${PRODUCT_PREFIX}.session`);
      expect(await host.credentials.get(`${PRODUCT_PREFIX}.session`)).toBeNull();
      expect(await host.documentStore.get(`${PRODUCT_PREFIX}.context`)).toContain('1011');
    });
  });
}
