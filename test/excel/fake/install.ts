/**
 * Puts the fake `Office`, `Excel`, `OfficeRuntime` and `OfficeExtension` on a global object and returns its controls.
 * The global object is Node's in tests or a browser page's.
 */
import { ExcelFakeEngine, type ExcelFakeOptions } from './engine';
import { FakeOfficeError } from './errors';
import { createExcelNamespace } from './excel';
import { createOfficeNamespace, type OfficeFakeOptions } from './office';

export type OfficeFakeConfig = Partial<ExcelFakeOptions> & Partial<OfficeFakeOptions>;

const GLOBALS = ['Office', 'Excel', 'OfficeRuntime', 'OfficeExtension'] as const;

export function createOfficeFake(config: OfficeFakeConfig = {}) {
  const engine = new ExcelFakeEngine(config);
  const excelApi = `1.${engine.options.excelApi}`;
  const office = createOfficeNamespace({
    insideOffice: config.insideOffice ?? true,
    requirementSets: config.requirementSets ?? { ExcelApi: excelApi, SharedRuntime: '1.1' },
    partitionKey: config.partitionKey,
    officeRuntimeStorage: config.officeRuntimeStorage ?? true,
    savedSettings: config.savedSettings ?? {},
    startupBehavior: config.startupBehavior ?? 'None',
  });
  const Excel = createExcelNamespace(engine);
  const OfficeExtension = {
    Error: FakeOfficeError,
    ErrorCodes: { propertyNotLoaded: 'PropertyNotLoaded', invalidArgument: 'InvalidArgument', generalException: 'GeneralException' },
  };
  const globals = { Office: office.Office, Excel, OfficeRuntime: office.OfficeRuntime, OfficeExtension };

  /** Runs `batch` as the person at the keyboard: its change events carry `triggerSource` 'Unknown', as Excel's do. */
  const asUser = async <T>(batch: () => Promise<T>): Promise<T> => {
    engine.actingAsUser = true;
    try {
      return await batch();
    } finally {
      engine.actingAsUser = false;
    }
  };
  /** A person's actions in Excel, outside the add-in (they fire events like any change). */
  const user = {
    insertRows: (sheet: string, at: number, count: number) =>
      Excel.run(async (ctx) => {
        ctx.workbook.worksheets.getItem(sheet).getRangeByIndexes(at, 0, count, 1).getEntireRow().insert('Down');
        await ctx.sync();
      }),
    deleteRows: (sheet: string, at: number, count: number) =>
      Excel.run(async (ctx) => {
        ctx.workbook.worksheets.getItem(sheet).getRangeByIndexes(at, 0, count, 1).getEntireRow().delete('Up');
        await ctx.sync();
      }),
    insertColumns: (sheet: string, at: number, count: number) =>
      Excel.run(async (ctx) => {
        ctx.workbook.worksheets.getItem(sheet).getRangeByIndexes(0, at, 1, count).getEntireColumn().insert('Right');
        await ctx.sync();
      }),
    deleteColumns: (sheet: string, at: number, count: number) =>
      Excel.run(async (ctx) => {
        ctx.workbook.worksheets.getItem(sheet).getRangeByIndexes(0, at, 1, count).getEntireColumn().delete('Left');
        await ctx.sync();
      }),
    renameSheet: (sheet: string, name: string) =>
      Excel.run(async (ctx) => {
        ctx.workbook.worksheets.getItem(sheet).name = name;
        await ctx.sync();
      }),
    addSheet: (name: string) =>
      Excel.run(async (ctx) => {
        ctx.workbook.worksheets.add(name);
        await ctx.sync();
      }),
    deleteSheet: (sheet: string) =>
      Excel.run(async (ctx) => {
        ctx.workbook.worksheets.getItem(sheet).delete();
        await ctx.sync();
      }),
    /** Typing into a cell: the value is parsed like any typed input. */
    type: (sheet: string, address: string, text: string) =>
      asUser(() =>
        Excel.run(async (ctx) => {
          ctx.workbook.worksheets.getItem(sheet).getRange(address).values = [[text]];
          await ctx.sync();
        }),
      ),
    select: (sheet: string, address: string) =>
      Excel.run(async (ctx) => {
        ctx.workbook.worksheets.getItem(sheet).getRange(address).select();
        await ctx.sync();
      }),
    /** Starts or ends editing a cell: while on, batches fail with InvalidOperationInCellEditMode (or wait, with delayForCellEdit). */
    setCellEditMode: (on: boolean) => engine.setCellEditMode(on),
  };

  return {
    globals,
    engine,
    state: engine.state,
    stats: engine.stats,
    settings: office.settings,
    runtimeStorage: office.runtimeStorage,
    invokeCommand: office.invokeCommand,
    pane: office.pane,
    /** The document's startup behavior (Office.addin.setStartupBehavior) and how often it was set. */
    startup: office.startup,
    /** The user closing or opening the task pane (fires Office.addin.onVisibilityModeChanged). */
    setPaneVisible: office.setPaneVisible,
    flushEvents: () => engine.flushEvents(),
    user,
  };
}

export type OfficeFake = ReturnType<typeof createOfficeFake>;

/** Installs the fake's globals on `target`; the returned function puts back what was there. */
export function installOfficeFake(
  config: OfficeFakeConfig = {},
  target: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
) {
  const fake = createOfficeFake(config);
  const before = GLOBALS.map((g) => [g, Object.getOwnPropertyDescriptor(target, g)] as const);
  for (const g of GLOBALS) {
    if (fake.globals[g] === undefined) delete target[g];
    else Object.defineProperty(target, g, { value: fake.globals[g], configurable: true, writable: true });
  }
  const uninstall = (): void => {
    for (const [g, d] of before) {
      if (d) Object.defineProperty(target, g, d);
      else delete target[g];
    }
  };
  return { ...fake, uninstall };
}
