/**
 * Tests for the Orchestrator over MemoryHost: insert, grow, shrink, blocked, failures, moved areas, edit, remove.
 * Failures leave cells and record intact.
 */
import { PRODUCT_PREFIX } from '../../../src/core/wire/wire-names';
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AddinError } from '../../../src/core/errors/addin-error';
import { HOST_EXCEL } from '../../../src/core/wire/wire-names';
import { DATE_FORMAT } from '../../../src/core/cells/date-serial';
import { TEXT_FORMAT } from '../../../src/core/host';
import { loadRegistry, recordKey, REGISTRY_INDEX_KEY, REGISTRY_KEY } from '../../../src/core/placements/placement-record';
import { Orchestrator } from '../../../src/core/placements/orchestrator';
import { cells, countingBytes, draft, fakeClock, numbered, rig, table, type Rig, type Table } from './fakes';
import { addinRejection } from '../../helpers/caught-error';

const fixture = (name: string): Table & { sql: string } =>
  JSON.parse(readFileSync(join(__dirname, '../../fixtures/refresh', name), 'utf8')) as Table & { sql: string };

const SQL = 'SELECT key, value FROM t';

/** Sales by region and year: two regions, two years (a pivot with Columns year, and header titles). */
const salesTable: Table = {
  columns: [
    { name: 'region', column_type: 'String' },
    { name: 'year', column_type: 'Int64' },
    { name: 'sales', column_type: 'Double' },
  ],
  rows: [
    ['EU', '2024', '1.5'],
    ['US', '2025', '3'],
  ],
};

describe('Orchestrator.insert', () => {
  it('upserts the report, writes the result at the anchor, records the placement on the platform and in the document', async () => {
    const r = rig();
    const t = fixture('orders-by-status.json');
    r.queries.set(t.sql, t);
    const out = await r.orch.insert(draft(t.sql, 'Orders by status'), { sheetId: r.sheet, row: 1, col: 1 });

    expect(out).toMatchObject({
      areaRows: 4,
      cols: 2,
      headerRows: 1,
      rangeRef: 'Sheet1!B2:C5',
      area: { sheetId: r.sheet, row: 1, col: 1, rows: 4, cols: 2 },
      syncError: null,
    });
    expect(r.model.getValues(r.sheet, { row: 1, col: 1, rows: 4, cols: 2 })).toEqual([
      ['status', 'count'],
      ['completed', 120],
      ['processing', 35],
      ['shipped', 48],
    ]);
    expect(r.model.getCell(r.sheet, 1, 1)?.bold).toBe(true);

    const [upsert, connect] = r.reports.calls;
    expect(upsert).toMatchObject({
      method: 'upsertReport',
      deploymentId: '7',
      body: { name: 'Orders by status', sqlQuery: t.sql, source: HOST_EXCEL },
    });
    expect(upsert?.method === 'upsertReport' && upsert.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(connect).toMatchObject({
      method: 'connectWorkbook',
      reportId: out.reportId,
      body: {
        externalWorkbookId: 'wb-test-1',
        placementId: out.placementId,
        resultLocation: 'Sheet1!B2:C5',
        anchorCell: 'B2',
        endResultCell: 'C5',
        sheetId: r.sheet,
        sheetName: 'Sheet1',
        workbookName: 'Plan.xlsx',
      },
    });
    expect(r.queries.calls[0]).toMatchObject({ context: { deploymentId: '7', environmentId: '3' }, timezone: 'Europe/Paris' });

    const [record] = await loadRegistry(r.host.documentStore);
    expect(record).toMatchObject({
      placementId: out.placementId,
      reportId: out.reportId,
      deploymentId: '7',
      environmentId: '3',
      sheetId: r.sheet,
      anchor: { row: 1, col: 1 },
      area: { row: 1, col: 1, rows: 4, cols: 2 },
      areaRows: 4,
      cols: 2,
      headerRows: 1,
      layout: 'flat',
      queryChecksum: `sum:${t.sql}`,
    });
    expect((await r.host.layout([out.placementId])).areas[out.placementId]).toEqual(out.area);
  });

  it('stores no secret in the document', async () => {
    const r = rig();
    await r.host.credentials.set(`${PRODUCT_PREFIX}.apiKey`, 'sk-live-SECRET');
    r.queries.set(SQL, numbered(2));
    await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    expect(JSON.stringify(r.model.toJSON())).not.toContain('SECRET');
  });

  it('lands inert text, dates and exact big numbers correctly', async () => {
    const r = rig();
    const t = fixture('tricky-text.json');
    r.queries.set(t.sql, t);
    await r.orch.insert(draft(t.sql), { sheetId: r.sheet, row: 0, col: 0 });
    const cell = (row: number, col: number) => r.model.getCell(r.sheet, row, col);
    expect(cell(1, 0)).toMatchObject({ value: '00123', format: TEXT_FORMAT, formula: false });
    expect(cell(1, 1)).toMatchObject({ value: '=HYPERLINK("http://x")', formula: false });
    expect(cell(2, 0)).toMatchObject({ value: '-42abc', formula: false });
    expect(cell(2, 1)).toMatchObject({ value: '+1 555 0100', formula: false });
    expect(cell(3, 0)).toMatchObject({ value: 'TRUE', formula: false });
    expect(cell(1, 2)).toMatchObject({ value: 45322, format: DATE_FORMAT }); // 2024-01-31
    expect(cell(2, 2)).toMatchObject({ value: 45351, format: DATE_FORMAT }); // 2024-02-29
    expect(cell(3, 2)).toBeNull();
    expect(cell(1, 3)?.value).toBe(1234567.89);
    expect(cell(2, 3)).toMatchObject({ value: '12345678901234567890', format: TEXT_FORMAT });
    for (let row = 0; row < 4; row += 1) for (let col = 0; col < 4; col += 1) expect(cell(row, col)?.formula ?? false).toBe(false);
  });

  it('asks before overwriting user cells, then overwrites them when told to', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3));
    r.model.setValue(r.sheet, 3, 1, 'mine');
    r.model.setValue(r.sheet, 2, 0, 'also mine');
    const before = cells(r.model);
    const e = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }));
    expect(e.kind).toBe('blocked');
    expect(e.data).toMatchObject({ cells: ['A3', 'B4'], cell: 'A3' });
    expect(cells(r.model)).toEqual(before);
    expect(await loadRegistry(r.host.documentStore)).toEqual([]);

    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { overwrite: true });
    expect(out.overwrittenCells).toBe(2);
    expect(r.model.getValue(r.sheet, 3, 1)).toBe(2);
  });

  it('never overwrites another placement, even with overwrite', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3));
    await r.orch.insert(draft(SQL, 'First'), { sheetId: r.sheet, row: 2, col: 2 });
    const before = cells(r.model);
    const e = await addinRejection(r.orch.insert(draft(SQL, 'Second'), { sheetId: r.sheet, row: 0, col: 1 }, { overwrite: true }));
    expect(e.kind).toBe('blocked');
    expect(e.message).toContain('"First"');
    expect(e.data).toMatchObject({ cell: 'C3', otherPlacement: true });
    expect(cells(r.model)).toEqual(before);
  });

  it('lays a report with Columns members out as a pivot and sends its pivotItems', async () => {
    const r = rig();
    const sql = 'SELECT region, year, MEASURE(sales) FROM s GROUP BY 1, 2';
    r.queries.set(sql, salesTable);
    const pivotItems = { rows: ['region'], columns: ['year'], measures: ['sales'], filters: [] };
    const out = await r.orch.insert({ ...draft(sql), pivotItems }, { sheetId: r.sheet, row: 0, col: 0 });
    expect(r.reports.calls[0]).toMatchObject({ body: { pivotItems } });
    expect((await loadRegistry(r.host.documentStore))[0]).toMatchObject({ layout: 'pivot', areaRows: 4, headerRows: 2 });
    expect(out.cols).toBe(3); // region + one column per year
    expect(out).toMatchObject({ areaRows: 4, headerRows: 2 }); // measure titles, years, then one row per region
    // Refresh reads pivotItems back from connect-workbook and keeps the pivot.
    expect((await r.orch.refresh(out.placementId)).cols).toBe(3);
  });

  it('validates the draft and the target before calling anything', async () => {
    const r = rig();
    expect((await addinRejection(r.orch.insert({ ...draft(SQL), name: ' ' }, { sheetId: r.sheet, row: 0, col: 0 }))).kind).toBe(
      'validation',
    );
    expect((await addinRejection(r.orch.insert(draft(''), { sheetId: r.sheet, row: 0, col: 0 }))).kind).toBe('validation');
    expect((await addinRejection(r.orch.insert(draft(SQL), { sheetId: 'gone', row: 0, col: 0 }))).kind).toBe('notFound');
    expect(r.reports.calls).toEqual([]);
  });

  it('leaves the cells exactly as they were, bold included, when a host write fails midway', async () => {
    const r = rig({ maxCellsPerWrite: 10 });
    r.queries.set(SQL, numbered(30));
    r.model.setValue(r.sheet, 0, 0, 'above');
    const before = cells(r.model);
    r.host.failWriteAfter(2); // the header block landed (bolded), then a later block fails
    expect((await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 }))).kind).toBe('host');
    expect(r.host.log.filter((x) => x.op === 'write').length).toBeGreaterThan(2);
    expect(r.model.getCell(r.sheet, 1, 1)).toBeNull();
    expect(cells(r.model)).toEqual(before);
    expect(await loadRegistry(r.host.documentStore)).toEqual([]);
  });

  it('waits for a busy host during the rollback too, and still puts every cell back', async () => {
    const r = rig({ maxCellsPerWrite: 10 });
    r.queries.set(SQL, numbered(30));
    r.model.setValue(r.sheet, 0, 0, 'above');
    const before = cells(r.model);
    r.host.failWriteAfter(2);
    let mutations = 0;
    r.host.beforeMutation = () => {
      mutations += 1;
      // Right after the failing write: the user starts typing in a cell while the rollback runs.
      if (mutations === 4) r.host.busyFor(3);
    };
    const e = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 }));
    expect(e.kind).toBe('host');
    expect(e.data.rollbackFailed).toBeUndefined();
    expect(cells(r.model)).toEqual(before);
  });

  it("gives the query the room below the header on Excel's grid: 1,048,550 rows from G26, and from the area's row at refresh", async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 25, col: 6 });
    expect(r.queries.calls[0]?.budget?.maxRows).toBe(1_048_550);
    r.model.insertRows(r.sheet, 0, 10);
    await r.orch.refresh(out.placementId);
    expect(r.queries.calls[1]?.budget?.maxRows).toBe(1_048_540);
  });

  it('refuses a result that would run past the grid before writing anything', async () => {
    const r = rig({ maxRows: 10 });
    r.queries.set(SQL, numbered(5));
    const e = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 6, col: 0 }));
    expect(e.kind).toBe('limit');
    expect(r.host.log).toEqual([]);
  });
});

describe('header titles', () => {
  const SALES = 'SELECT region, year, MEASURE(sales) AS sales FROM s GROUP BY 1, 2';

  it('titles the header from the titles dependency (it may be async), given the report with its meta, at insert and at refresh', async () => {
    const seen: Array<{ context: unknown; columns: string[]; meta: unknown }> = [];
    const r = rig(
      {},
      {
        titles: async (context, result, report) => {
          seen.push({ context, columns: result.columns.map((c) => c.name), meta: report.meta });
          return report.meta?.['mode'] === 'builder' ? { region: 'Region', 'sales.sales': 'Sales' } : undefined;
        },
      },
    );
    r.queries.set(SALES, salesTable);
    const out = await r.orch.insert({ ...draft(SALES), meta: { mode: 'builder' } }, { sheetId: r.sheet, row: 0, col: 0 });
    expect(r.model.getValues(r.sheet, { row: 0, col: 0, rows: 1, cols: 3 })).toEqual([['Region', 'year', 'Sales']]);
    expect(seen[0]).toEqual({
      context: { deploymentId: '7', environmentId: '3' },
      columns: ['region', 'year', 'sales'],
      meta: { mode: 'builder' },
    });

    // The refresh reads the definition (and its meta) from connect-workbook: the same titles again.
    await r.orch.refresh(out.placementId);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.meta).toEqual({ mode: 'builder' });
    expect(r.model.getValues(r.sheet, { row: 0, col: 0, rows: 1, cols: 3 })).toEqual([['Region', 'year', 'Sales']]);

    // Saved as SQL: the titles dependency says undefined and the header is the column names.
    await r.orch.update(out.placementId, { ...draft(SALES), meta: { mode: 'sql' } });
    expect(r.model.getValues(r.sheet, { row: 0, col: 0, rows: 1, cols: 3 })).toEqual([['region', 'year', 'sales']]);
  });

  it('titles a pivot header too', async () => {
    const r = rig({}, { titles: () => ({ region: 'Region', sales: 'Sales' }) });
    r.queries.set(SALES, salesTable);
    const pivotItems = { rows: ['region'], columns: ['year'], measures: ['sales'], filters: [] };
    await r.orch.insert({ ...draft(SALES), pivotItems }, { sheetId: r.sheet, row: 0, col: 0 });
    expect(r.model.getValues(r.sheet, { row: 0, col: 0, rows: 2, cols: 3 })).toEqual([
      [null, 'Sales', 'Sales'],
      ['Region', 2024, 2025],
    ]);
  });
});

describe('Orchestrator.refresh', () => {
  async function placed(n = 3, limits = {}) {
    const r = rig(limits);
    r.queries.set(SQL, numbered(n));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
    return { ...r, id: out.placementId, reportId: out.reportId };
  }

  it('runs the definition from connect-workbook and grows into empty cells', async () => {
    const r = await placed(3);
    r.queries.set('SELECT more', numbered(6, 'm'));
    r.reports.editSql(r.reportId, 'SELECT more');
    const out = await r.orch.refresh(r.id);
    expect(out).toMatchObject({ areaRows: 7, cols: 2, headerRows: 1, rangeRef: 'Sheet1!B2:C8' });
    expect(r.model.getValues(r.sheet, { row: 6, col: 1, rows: 2, cols: 2 })).toEqual([
      ['m4', 4],
      ['m5', 5],
    ]);
    const connects = r.reports.connects();
    expect(connects.at(-2)?.body.resultLocation).toBe('Sheet1!B2:C5'); // first: where it is now
    expect(connects.at(-1)?.body).toMatchObject({ resultLocation: 'Sheet1!B2:C8', endResultCell: 'C8' });
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record).toMatchObject({ areaRows: 7, area: { row: 1, col: 1, rows: 7, cols: 2 }, queryChecksum: 'sum:SELECT more' });
  });

  it('shrinks: clears only the leftovers, keeps their formats and every cell around', async () => {
    const r = await placed(5);
    r.model.setValue(r.sheet, 7, 1, 'below');
    r.model.setValue(r.sheet, 1, 3, 'right');
    r.model.setFormat(r.sheet, { row: 5, col: 1, rows: 2, cols: 2 }, '0.00');
    r.queries.set('SELECT fewer', table(['only'], [['x']]));
    r.reports.editSql(r.reportId, 'SELECT fewer');
    const out = await r.orch.refresh(r.id);
    expect(out).toMatchObject({ areaRows: 2, cols: 1 });
    expect(r.model.getValues(r.sheet, { row: 0, col: 0, rows: 9, cols: 5 })).toEqual([
      [null, null, null, null, null],
      [null, 'only', null, 'right', null],
      [null, 'x', null, null, null],
      [null, null, null, null, null],
      [null, null, null, null, null],
      [null, null, null, null, null],
      [null, null, null, null, null],
      [null, 'below', null, null, null],
      [null, null, null, null, null],
    ]);
    expect(r.model.getCell(r.sheet, 5, 1)?.format).toBe('0.00');
    expect(r.host.log.filter((e) => e.op === 'clear').map((e) => e.range)).toEqual([
      { sheetId: r.sheet, row: 3, col: 1, rows: 4, cols: 2 },
      { sheetId: r.sheet, row: 1, col: 2, rows: 2, cols: 1 },
    ]);
  });

  it('is blocked by a user cell below, names it and changes no cell', async () => {
    const r = await placed(3);
    r.model.setValue(r.sheet, 6, 2, 'typed by hand');
    r.queries.set('SELECT more', numbered(10));
    r.reports.editSql(r.reportId, 'SELECT more');
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.kind).toBe('blocked');
    expect(e.data).toMatchObject({ cell: 'C7' });
    expect(e.message).toContain('C7');
    expect(cells(r.model)).toEqual(before);
    const [recordAfter] = await loadRegistry(r.host.documentStore);
    expect({ ...recordAfter, lastError: undefined }).toEqual({ ...recordBefore, lastError: undefined });
    expect(recordAfter?.lastError).toMatchObject({ kind: 'blocked' });
  });

  it('leaves cells and record as they were when the query fails mid-stream', async () => {
    const r = await placed(3);
    r.queries.failMidway(SQL, numbered(50), 20);
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.kind).toBe('query');
    expect(cells(r.model)).toEqual(before);
    const [recordAfter] = await loadRegistry(r.host.documentStore);
    expect({ ...recordAfter, lastError: undefined }).toEqual({ ...recordBefore, lastError: undefined });
    expect(recordAfter?.lastError).toMatchObject({ kind: 'query', message: e.message });
    // The next success clears the error.
    r.queries.set(SQL, numbered(3));
    await r.orch.refresh(r.id);
    expect((await loadRegistry(r.host.documentStore))[0]?.lastError).toBeUndefined();
  });

  it('rolls a host write that fails midway back exactly, values and formats', async () => {
    const r = await placed(3, { maxCellsPerWrite: 10 });
    r.model.setFormat(r.sheet, { row: 8, col: 1, rows: 4, cols: 2 }, '0.0%'); // formats in the growth area
    r.queries.set('SELECT big', numbered(30));
    r.reports.editSql(r.reportId, 'SELECT big');
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    r.host.failWriteAfter(2);
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.kind).toBe('host');
    expect(r.host.log.filter((x) => x.op === 'write').length).toBeGreaterThan(2); // some blocks landed, then the rollback
    expect(cells(r.model)).toEqual(before);
    expect((await r.host.layout([r.id])).areas[r.id]).toEqual({ sheetId: r.sheet, row: 1, col: 1, rows: 4, cols: 2 });
    const [recordAfter] = await loadRegistry(r.host.documentStore);
    expect({ ...recordAfter, lastError: undefined }).toEqual({ ...recordBefore, lastError: undefined });
  });

  it('says so when the rollback itself fails', async () => {
    const r = await placed(3, { maxCellsPerWrite: 10 });
    r.queries.set('SELECT big', numbered(30));
    r.reports.editSql(r.reportId, 'SELECT big');
    r.host.failWriteAfter(1);
    r.host.failWriteAfter(0);
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.message).toMatch(/could not all be put back/);
  });

  it('follows rows inserted above the placement', async () => {
    const r = await placed(3);
    r.model.insertRows(r.sheet, 0, 5);
    r.model.setValue(r.sheet, 1, 1, 'title typed above');
    r.queries.set('SELECT more', numbered(4, 'n'));
    r.reports.editSql(r.reportId, 'SELECT more');
    const out = await r.orch.refresh(r.id);
    expect(out.rangeRef).toBe('Sheet1!B7:C11');
    expect(r.model.getValue(r.sheet, 6, 1)).toBe('key');
    expect(r.model.getValue(r.sheet, 10, 1)).toBe('n3');
    expect(r.model.getValue(r.sheet, 1, 1)).toBe('title typed above');
    expect((await loadRegistry(r.host.documentStore))[0]).toMatchObject({ anchor: { row: 6, col: 1 } });
  });

  it('reports an orphaned placement as notFound and calls nothing', async () => {
    const r = await placed(3);
    r.model.deleteRows(r.sheet, 0, 10);
    const calls = r.reports.calls.length;
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.kind).toBe('notFound');
    expect(e.data).toMatchObject({ orphaned: true });
    expect(e.message).toMatch(/no longer in the workbook/);
    expect(r.reports.calls.length).toBe(calls);
    expect((await r.orch.list())[0]).toMatchObject({ area: null, rangeRef: null });
  });

  it('keeps the new cells when only recording the location fails', async () => {
    const r = await placed(3);
    r.reports.failConnect.push(new AddinError('notFound', 'Report not found.')); // first connect fails: nothing changes
    expect((await addinRejection(r.orch.refresh(r.id))).kind).toBe('notFound');
    r.queries.set('SELECT more', numbered(5));
    r.reports.editSql(r.reportId, 'SELECT more');
    // The second connect (after the write) fails: the outcome says so, the cells and record are updated.
    r.reports.failConnect.push(null, new AddinError('server', 'Server error.'));
    const out = await r.orch.refresh(r.id);
    expect(out.syncError?.kind).toBe('server');
    expect(out.areaRows).toBe(6);
    expect((await loadRegistry(r.host.documentStore))[0]).toMatchObject({ areaRows: 6 });
  });

  it('serializes refreshes of one placement', async () => {
    const r = await placed(3);
    const order: string[] = [];
    const a = r.orch.refresh(r.id, { onPhase: (p) => order.push(`a:${p}`) }).then(() => order.push('a:done'));
    const b = r.orch.refresh(r.id, { onPhase: (p) => order.push(`b:${p}`) }).then(() => order.push('b:done'));
    await Promise.all([a, b]);
    expect(order).toEqual(['a:running', 'a:writing', 'a:done', 'b:running', 'b:writing', 'b:done']);
    expect(r.queries.maxInFlight).toBe(1);
  });

  it('stops when cancelled and leaves the cells', async () => {
    const r = await placed(3);
    r.queries.hang(SQL);
    const before = cells(r.model);
    const ctl = createCancelSource();
    const p = r.orch.refresh(r.id, { signal: ctl.signal });
    await new Promise((res) => setImmediate(res));
    ctl.cancel();
    const e = await addinRejection(p);
    expect(e.kind).toBe('cancelled');
    expect(cells(r.model)).toEqual(before);
    expect((await loadRegistry(r.host.documentStore))[0]?.lastError).toBeUndefined();
  });

  it('rolls back when cancelled between write blocks', async () => {
    const r = await placed(3, { maxCellsPerWrite: 10 });
    r.queries.set('SELECT big', numbered(30));
    r.reports.editSql(r.reportId, 'SELECT big');
    const before = cells(r.model);
    const ctl = createCancelSource();
    r.host.beforeMutation = () => ctl.cancel();
    const e = await addinRejection(r.orch.refresh(r.id, { signal: ctl.signal }));
    expect(e.kind).toBe('cancelled');
    expect(r.host.log.length).toBeGreaterThan(1); // one block landed, then the rollback
    expect(cells(r.model)).toEqual(before);
  });
});

describe('one draft, one report', () => {
  const upserts = (r: Rig) => r.reports.calls.filter((c) => c.method === 'upsertReport');

  it('saves nothing when the insert is blocked, fails or is cancelled, and the retry saves under the draft publicId', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3)).set('SELECT typo', numbered(1));
    r.queries.failMidway('SELECT typo', numbered(50), 20);
    r.model.setValue(r.sheet, 2, 0, 'mine');
    const publicId = 'Draft0000001';
    const blocked = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { publicId }));
    expect(blocked.kind).toBe('blocked');
    await addinRejection(r.orch.insert(draft('SELECT typo'), { sheetId: r.sheet, row: 0, col: 0 }, { publicId }));
    // Cancelled once the result is in hand (the cancel from the overwrite question or the Cancel button).
    const ctl = createCancelSource();
    const checkpoint = async () => ctl.cancel();
    const cancelled = await addinRejection(
      r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 5 }, { publicId, signal: ctl.signal, checkpoint }),
    );
    expect(cancelled.kind).toBe('cancelled');
    expect(upserts(r)).toEqual([]);
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { publicId, overwrite: true });
    expect(out.publicId).toBe(publicId);
    expect(upserts(r)).toEqual([expect.objectContaining({ publicId })]);
  });

  it('refuses a draft publicId of the wrong shape before anything runs', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3));
    const e = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { publicId: 'bad id' }));
    expect(e.kind).toBe('validation');
    expect(r.reports.calls).toEqual([]);
    expect(r.queries.calls).toEqual([]);
  });

  it('a blocked edit saves nothing, leaves the placement up to date and says what can be done there', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2)).set('SELECT more', numbered(10));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    r.model.setValue(r.sheet, 6, 1, 'typed by hand');
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    const e = await addinRejection(r.orch.update(out.placementId, draft('SELECT more', 'Orders v2')));
    expect(e.kind).toBe('blocked');
    expect(e.data).toMatchObject({ cells: ['B7'] });
    expect(e.message).toContain('B7');
    expect(e.message).toMatch(/Clear or move that cell, then try again; or remove "Orders v2" from the list and insert it at another cell/);
    expect(e.message).not.toMatch(/choose another cell/);
    expect(upserts(r)).toHaveLength(1);
    expect(cells(r.model)).toEqual(before);
    expect(await loadRegistry(r.host.documentStore)).toEqual([recordBefore]);
    expect((await r.orch.definition(out.placementId)).sqlQuery).toBe(SQL);
  });

  it('an edit whose cells fail to write puts the saved definition back', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2)).set('SELECT v2', numbered(4, 'v'));
    const out = await r.orch.insert(draft(SQL, 'Orders'), { sheetId: r.sheet, row: 0, col: 0 });
    const before = cells(r.model);
    r.host.failNextWrites(1);
    await addinRejection(r.orch.update(out.placementId, draft('SELECT v2', 'Orders v2')));
    expect(cells(r.model)).toEqual(before);
    const definition = await r.orch.definition(out.placementId);
    expect(definition).toMatchObject({ name: 'Orders', sqlQuery: SQL });
    expect(upserts(r).map((c) => (c.method === 'upsertReport' ? c.body.sqlQuery : null))).toEqual([SQL, 'SELECT v2', SQL]);
  });
});

describe('writes and clears yield to the host', () => {
  /** A rig whose yields are logged next to its writes and clears. */
  function yielding(maxCellsPerWrite: number) {
    const log: string[] = [];
    const r = rig({ maxCellsPerWrite }, { yieldToHost: async () => void log.push('yield') });
    r.host.beforeMutation = (op) => void log.push(op);
    return { r, log };
  }

  it('lets the page breathe before every block written and every band cleared', async () => {
    const { r, log } = yielding(10);
    r.queries.set(SQL, numbered(30));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const writes = log.filter((op) => op === 'write').length;
    expect(writes).toBeGreaterThan(5);
    // Every mutation is right after a yield.
    log.forEach((op, i) => {
      if (op !== 'yield') expect(log[i - 1]).toBe('yield');
    });
    log.length = 0;
    // Remove with "Also clear its cells": 31 rows x 2 columns, cleared in bands of 5 rows (10 cells), each after a yield.
    await r.orch.remove(out.placementId, { clearCells: true });
    const clears = r.host.log.filter((e) => e.op === 'clear').map((e) => e.range.rows);
    expect(clears).toEqual([5, 5, 5, 5, 5, 5, 1]);
    expect(log.filter((op) => op === 'clear')).toHaveLength(7);
    log.forEach((op, i) => {
      if (op === 'clear') expect(log[i - 1]).toBe('yield');
    });
    for (let row = 0; row < 31; row += 1) expect(r.model.getValue(r.sheet, row, 0)).toBeNull();
  });

  it('plans a large write block by block, letting the page in after each block planned, before the first write', async () => {
    const { r, log } = yielding(10);
    r.queries.set(SQL, numbered(30));
    await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const writes = log.filter((op) => op === 'write').length;
    const yieldsBeforeFirstWrite = log.indexOf('write');
    // One yield per band of the snapshot read, one per block planned, then the one before the first write.
    expect(log.slice(0, yieldsBeforeFirstWrite).every((op) => op === 'yield')).toBe(true);
    expect(yieldsBeforeFirstWrite).toBeGreaterThanOrEqual(2 * writes + 1);
  });

  it('a cancel seen between two blocks stops the write and puts back what was written', async () => {
    const ctl = createCancelSource();
    let writes = 0;
    const r = rig({ maxCellsPerWrite: 10 }, { yieldToHost: async () => undefined });
    r.host.beforeMutation = (op) => void (op === 'write' && ++writes === 4 && ctl.cancel());
    r.queries.set(SQL, numbered(30));
    r.model.setValue(r.sheet, 20, 1, 'kept');
    const before = cells(r.model);
    const e = await addinRejection(
      r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { signal: ctl.signal, overwrite: true }),
    );
    expect(e.kind).toBe('cancelled');
    // Four blocks were written (the cancel came during the fourth): only those four are put back, not the whole area.
    const written = r.host.log.filter((x) => x.op === 'write');
    expect(written).toHaveLength(8);
    expect(written.slice(4).map((w) => w.range)).toEqual(written.slice(0, 4).map((w) => w.range));
    expect(cells(r.model)).toEqual(before);
  });
});

describe("the platform's default cap", () => {
  it.each([
    ['rows returned whole', false],
    ['rows typed as they arrive (sink)', true],
  ])(
    'says a result of exactly 10,000 rows from SQL without a top-level LIMIT was cut there, on the outcome and the record (%s)',
    async (_how, useSink) => {
      const r = rig();
      r.queries.useSink = useSink;
      r.queries
        .set(SQL, numbered(10_000))
        .set(`${SQL} LIMIT 10000`, numbered(10_000))
        .set('SELECT (SELECT 1 LIMIT 1) AS x', numbered(9_999));
      const cut = await r.orch.insert(draft(SQL, 'Cut'), { sheetId: r.sheet, row: 0, col: 0 });
      expect(cut.truncatedAtDefaultCap).toBe(true);
      const limited = await r.orch.insert(draft(`${SQL} LIMIT 10000`, 'Limited'), { sheetId: r.sheet, row: 0, col: 3 });
      expect(limited.truncatedAtDefaultCap).toBe(false);
      const fewer = await r.orch.insert(draft('SELECT (SELECT 1 LIMIT 1) AS x', 'Fewer'), { sheetId: r.sheet, row: 0, col: 6 });
      expect(fewer.truncatedAtDefaultCap).toBe(false);
      const records = await loadRegistry(r.host.documentStore);
      expect(records.map((x) => [x.name, x.truncatedAtDefaultCap])).toEqual([
        ['Cut', true],
        ['Limited', false],
        ['Fewer', false],
      ]);
      // A refresh renews it: the query now returns fewer rows.
      r.queries.set(SQL, numbered(5));
      expect((await r.orch.refresh(cut.placementId)).truncatedAtDefaultCap).toBe(false);
      expect((await loadRegistry(r.host.documentStore))[0]?.truncatedAtDefaultCap).toBe(false);
    },
  );
});

describe('Orchestrator edit, remove, list, goTo', () => {
  it('update upserts the same publicId, then refreshes with the new definition and name', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2)).set('SELECT v2', numbered(4, 'v'));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const after = await r.orch.update(out.placementId, { ...draft('SELECT v2', 'Orders v2') });
    expect(after.areaRows).toBe(5);
    const upserts = r.reports.calls.filter((c) => c.method === 'upsertReport');
    expect(upserts).toHaveLength(2);
    expect(upserts[1]).toMatchObject({
      publicId: out.publicId,
      body: { publicId: out.publicId, name: 'Orders v2', sqlQuery: 'SELECT v2' },
    });
    expect(upserts[1]?.method === 'upsertReport' && upserts[1].body.source).toBeUndefined();
    expect((await loadRegistry(r.host.documentStore))[0]).toMatchObject({ name: 'Orders v2', queryChecksum: 'sum:SELECT v2' });
    expect((await r.orch.definition(out.placementId)).sqlQuery).toBe('SELECT v2');
  });

  it('remove forgets the placement and optionally clears its cells', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2));
    const a = await r.orch.insert(draft(SQL, 'A'), { sheetId: r.sheet, row: 0, col: 0 });
    const b = await r.orch.insert(draft(SQL, 'B'), { sheetId: r.sheet, row: 0, col: 5 });
    await r.orch.remove(a.placementId, { clearCells: false });
    expect(r.model.getValue(r.sheet, 0, 0)).toBe('key');
    await r.orch.remove(b.placementId, { clearCells: true });
    expect(r.model.getValue(r.sheet, 0, 5)).toBeNull();
    expect(await r.orch.list()).toEqual([]);
    expect((await r.host.layout([a.placementId])).areas[a.placementId] ?? null).toBeNull();
    expect((await addinRejection(r.orch.refresh(a.placementId))).kind).toBe('notFound');
  });

  it('lists placements where they are now and goes to them', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2));
    const a = await r.orch.insert(draft(SQL, 'A'), { sheetId: r.sheet, row: 0, col: 0 });
    r.model.renameSheet(r.sheet, 'My Sheet');
    r.model.insertColumns(r.sheet, 0, 1);
    const [item] = await r.orch.list();
    expect(item).toMatchObject({ sheetName: 'My Sheet', rangeRef: "'My Sheet'!B1:C3" });
    await r.orch.goTo(a.placementId);
    expect(r.host.selection).toEqual({ sheetId: r.sheet, row: 0, col: 1, rows: 3, cols: 2 });
  });

  it('skips a damaged record: the others list and refresh, the damaged one is reported and can be removed', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3));
    const a = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const b = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 4 });
    await r.host.documentStore.set(recordKey(b.placementId), '{"placementId": broken');
    const { placements, damaged } = await r.orch.listing();
    expect(placements.map((l) => l.record.placementId)).toEqual([a.placementId]);
    expect(damaged).toEqual([expect.objectContaining({ placementId: b.placementId, detail: expect.stringContaining('not JSON') })]);
    await r.orch.refresh(a.placementId);
    const e = await addinRejection(r.orch.refresh(b.placementId));
    expect(e.kind).toBe('contract');
    expect(e.message).toMatch(/damaged/);
    await r.orch.remove(b.placementId, { clearCells: false });
    expect((await r.orch.listing()).damaged).toEqual([]);
    expect(await r.host.documentStore.get(recordKey(b.placementId))).toBeNull();
    expect(r.model.getValue(r.sheet, 0, 4)).toBe('key'); // its cells stay
  });

  it('reads a registry of version 1 and migrates it at the next save', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3));
    const a = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const [record] = await loadRegistry(r.host.documentStore);
    const { areaRows, ...rest } = record!;
    await r.host.documentStore.update({
      [REGISTRY_KEY]: JSON.stringify({ version: 1, placements: [{ ...rest, rows: areaRows }] }),
      [REGISTRY_INDEX_KEY]: null,
      [recordKey(a.placementId)]: null,
    });
    expect((await r.orch.list()).map((l) => l.record.areaRows)).toEqual([4]);
    await r.orch.refresh(a.placementId);
    expect(await r.host.documentStore.get(REGISTRY_KEY)).toBeNull();
    expect(await r.host.documentStore.get(recordKey(a.placementId))).toContain('"areaRows":4');
  });

  it('reports a damaged registry clearly', async () => {
    const r = rig();
    await r.host.documentStore.set(REGISTRY_KEY, '{not json');
    const e = await addinRejection(r.orch.list());
    expect(e.kind).toBe('contract');
    expect(e.message).toMatch(/damaged/);
  });
});

describe('Orchestrator step order', () => {
  /** An orchestrator over the rig's fakes whose every platform call, query, probe, write and save lands in one log. */
  function logged(r: Rig): { orch: Orchestrator; log: string[] } {
    const log: string[] = [];
    const note = (step: string): void => {
      if (log.at(-1) !== step) log.push(step); // a run of write blocks is one step
    };
    const { host, reports, queries } = r;
    const snapshot = host.snapshot.bind(host);
    host.snapshot = (ranges) => {
      note('plan');
      return snapshot(ranges);
    };
    host.beforeMutation = (op) => note(op);
    const track = host.trackArea.bind(host);
    host.trackArea = (id, range) => {
      note('track');
      return track(id, range);
    };
    const update = host.documentStore.update.bind(host.documentStore);
    host.documentStore.update = (changes) => {
      note('save');
      return update(changes);
    };
    const orch = new Orchestrator({
      host,
      reports: {
        upsertReport: (...a) => (note('upsert'), reports.upsertReport(...a)),
        connectWorkbook: (...a) => (note('connect'), reports.connectWorkbook(...a)),
      },
      queries: (context) => ({ run: (o) => (note('run'), queries.runnerFor(context).run(o)) }),
      clock: fakeClock(),
      randomBytes: countingBytes(),
    });
    return { orch, log };
  }

  it('insert: run, plan, then save the report (it fits), write, connect-workbook, save the record', async () => {
    const r = rig({ maxCellsPerWrite: 10 });
    r.queries.set(SQL, numbered(12));
    const { orch, log } = logged(r);
    await orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
    expect(log).toEqual(['run', 'plan', 'upsert', 'write', 'track', 'connect', 'save']);
  });

  it('edit: connect-workbook, run the new definition, plan, then save it, write, connect-workbook, save the record', async () => {
    const r = rig({ maxCellsPerWrite: 10 });
    r.queries.set(SQL, numbered(12)).set('SELECT v2', numbered(3, 'v'));
    const { orch, log } = logged(r);
    const out = await orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
    log.length = 0;
    await orch.update(out.placementId, draft('SELECT v2', 'Orders v2'));
    expect(log.filter((op) => op !== 'clear' && op !== 'write')).toEqual(['connect', 'run', 'plan', 'upsert', 'track', 'connect', 'save']);
    expect(log.indexOf('upsert')).toBeLessThan(log.indexOf('write'));
  });

  it('refresh: connect-workbook, run its sqlQuery, plan, write (and clear), connect-workbook with the new location, save', async () => {
    const r = rig({ maxCellsPerWrite: 10 });
    // Fewer rows, one more column: the new area needs probing (column D) and leaves rows to clear.
    r.queries.set(SQL, numbered(12)).set(
      'SELECT fewer',
      table(
        ['a', 'b', 'c'],
        [
          ['x', 'y', 'z'],
          ['u', 'v', 'w'],
        ],
      ),
    );
    const { orch, log } = logged(r);
    const out = await orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
    log.length = 0;
    r.reports.editSql(out.reportId, 'SELECT fewer');
    await orch.refresh(out.placementId);
    // The cleared rows held keys like `k7` in the add-in's text format: a second write puts those cells back to General.
    expect(log).toEqual(['connect', 'run', 'plan', 'write', 'clear', 'write', 'track', 'connect', 'save']);
    const [first, last] = r.reports.connects().slice(-2);
    expect(first?.body.endResultCell).toBe('C14');
    expect(last?.body.endResultCell).toBe('D4');
    expect(r.queries.calls.at(-1)?.query).toBe('SELECT fewer');
  });
});
