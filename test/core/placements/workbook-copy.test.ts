/** A copied workbook keeps working: it gets a workbook id of its own and records its placements apart from the original's. */
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import { Orchestrator } from '../../../src/core/placements/orchestrator';
import { fileWorkbookId } from '../../../src/core/file-identity';
import { countingBytes, draft, fakeClock, FakeQueries, FakeReports, numbered } from './fakes';
import { SQL } from './orchestrator-tables';

describe('a copied workbook', () => {
  it('refreshes under a new workbook id, leaving the original file and its records on the platform as they were', async () => {
    const reports = new FakeReports();
    const queries = new FakeQueries().set(SQL, numbered(3));
    const orchestrator = (host: MemoryHost) =>
      new Orchestrator({ host, reports, queries: queries.runnerFor, clock: fakeClock(), randomBytes: countingBytes() });
    const original = new MemoryHost(new WorkbookModel({ name: 'March.xlsx' }), {
      mintWorkbookId: () => 'wb-march',
      fileIdentity: () => 'https://files/March.xlsx',
    });
    const sheetId = original.model.sheets()[0]!.id;
    const placed = await orchestrator(original).insert(draft(SQL), { sheetId, row: 1, col: 1 });

    // File > Save As: the same document (cells, settings, tracked areas) in another file.
    const copy = new MemoryHost(WorkbookModel.fromJSON(original.model.toJSON()), {
      mintWorkbookId: () => 'wb-april',
      fileIdentity: () => 'https://files/April.xlsx',
    });
    expect((await copy.layout()).workbook.id).toBe('wb-april');
    queries.set(SQL, numbered(4, 'a'));
    const out = await orchestrator(copy).refresh(placed.placementId);
    expect(out.rangeRef).toBe('Sheet1!B2:C6');
    expect(reports.connects().at(-1)?.body).toMatchObject({ externalWorkbookId: 'wb-april', placementId: placed.placementId });

    // The original keeps its id, its cells, and its record on the platform.
    expect((await original.layout()).workbook.id).toBe('wb-march');
    expect(original.model.getValue(sheetId, 4, 1)).toBe('k2');
    const report = await reports.connectWorkbook('7', placed.reportId, {
      externalWorkbookId: 'wb-march',
      placementId: placed.placementId,
    });
    expect(report.externalWorkbookPlacements?.map((p) => p.workbookId).sort()).toEqual(['wb-april', 'wb-march']);
  });

  it('keeps the id in its own file, adopts a file identity first known later, and mints once per copy', async () => {
    const values = new Map<string, string>();
    const store = {
      get: async (k: string) => values.get(k) ?? null,
      update: async (changes: Record<string, string | null>) => {
        for (const [k, v] of Object.entries(changes))
          if (v === null) values.delete(k);
          else values.set(k, v);
      },
    };
    const keys = { id: 'id', file: 'file' };
    let n = 0;
    const mint = () => `id-${++n}`;
    expect(await fileWorkbookId(store, keys, null, mint)).toEqual({ id: 'id-1', copied: false });
    expect(await fileWorkbookId(store, keys, 'A', mint)).toEqual({ id: 'id-1', copied: false });
    expect(values.get('file')).toBe('A');
    expect(await fileWorkbookId(store, keys, 'B', mint)).toEqual({ id: 'id-2', copied: true });
    expect(await fileWorkbookId(store, keys, 'B', mint)).toEqual({ id: 'id-2', copied: false });
    expect(await fileWorkbookId(store, keys, '', mint)).toEqual({ id: 'id-2', copied: false });
    values.set('id', '  ');
    expect(await fileWorkbookId(store, keys, 'B', mint)).toEqual({ id: 'id-3', copied: false });
  });
});
