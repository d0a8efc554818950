/** Orchestrator over MemoryHost: insert (grow, blocked, failures leave cells and record intact) and header titles. */
import { PRODUCT_PREFIX } from '../../../src/core/wire/wire-names';
import { HOST_EXCEL } from '../../../src/core/wire/wire-names';
import { DATE_FORMAT } from '../../../src/core/cells/date-serial';
import { TEXT_FORMAT } from '../../../src/core/host';
import { loadRegistry } from '../../../src/core/placements/placement-record';
import { cells, draft, numbered, rig } from './fakes';
import { addinRejection } from '../../helpers/caught-error';
import { fixture, SQL, salesTable } from './orchestrator-tables';

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
    // A single measure is named once, in the corner.
    expect(r.model.getValues(r.sheet, { row: 0, col: 0, rows: 2, cols: 3 })).toEqual([
      ['Sales', null, null],
      ['Region', 2024, 2025],
    ]);
  });
});
