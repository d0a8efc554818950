/** The fake `Excel` namespace: `Excel.run` (its options recorded), the workbook, the application and the enums the adapter uses. */
import { FakeClientObject } from './client-object';
import { ExcelFakeEngine, WORKBOOK_SCOPE } from './engine';
import { FakeEventHandlers } from './event-handlers';
import { FakeOfficeError, fail } from './errors';
import { FakeNamedItemCollection } from './named-items';
import { FakeRange } from './range';
import { FakeRequestContext } from './request-context';
import { FakeWorksheetCollection } from './worksheet';

export class FakeApplication {
  constructor(private readonly context: FakeRequestContext) {}
  suspendApiCalculationUntilNextSync(): void {
    if (!this.context.engine.supports(6)) fail('ApiNotFound', 'suspendApiCalculationUntilNextSync needs ExcelApi 1.6.');
    this.context.enqueue('suspendApiCalculationUntilNextSync', null, () => {
      this.context.engine.stats.calculationSuspensions += 1;
    });
  }
}

export class FakeWorkbook extends FakeClientObject<true> {
  protected readonly scalarProperties = ['name'] as const;
  readonly worksheets: FakeWorksheetCollection;
  readonly names: FakeNamedItemCollection;
  readonly application: FakeApplication;

  constructor(context: FakeRequestContext) {
    super(context, () => true);
    this.worksheets = new FakeWorksheetCollection(context);
    this.names = new FakeNamedItemCollection(context);
    this.application = new FakeApplication(context);
  }

  protected read(): unknown {
    return this.context.engine.workbookName;
  }

  get name(): string {
    return this.loaded('name');
  }

  /** Workbook.onSelectionChanged (ExcelApi 1.2): raised after a sync that changed the selection, args `{ workbook }`. */
  get onSelectionChanged(): FakeEventHandlers<{ workbook: FakeWorkbook }> {
    if (!this.context.engine.supports(2)) fail('ApiNotFound', 'Workbook.onSelectionChanged needs ExcelApi 1.2.');
    return new FakeEventHandlers(this.context, 'workbook.onSelectionChanged', () => WORKBOOK_SCOPE);
  }

  getSelectedRange(): FakeRange {
    return new FakeRange(this.context, () => {
      const { sheetId, rect } = this.context.engine.state.selection;
      return { sheet: this.context.engine.state.sheet(sheetId), rect };
    });
  }

  getActiveCell(): FakeRange {
    if (!this.context.engine.supports(7)) fail('ApiNotFound', 'getActiveCell needs ExcelApi 1.7.');
    this.context.engine.stats.activeCellReads += 1;
    return new FakeRange(this.context, () => {
      const { sheetId, rect } = this.context.engine.state.selection;
      return { sheet: this.context.engine.state.sheet(sheetId), rect: { row: rect.row, col: rect.col, rows: 1, cols: 1 } };
    });
  }
}

export class FakeExcelContext extends FakeRequestContext {
  readonly workbook: FakeWorkbook;
  readonly application: FakeApplication;
  constructor(engine: ExcelFakeEngine, delayForCellEdit: boolean) {
    super(engine, delayForCellEdit);
    this.workbook = new FakeWorkbook(this);
    this.application = this.workbook.application;
  }
}

type Batch<T> = (context: FakeExcelContext) => Promise<T>;

/** Builds the `Excel` global over an engine. */
export function createExcelNamespace(engine: ExcelFakeEngine) {
  engine.eventWorkbook = () => new FakeExcelContext(engine, false).workbook;
  /**
   * `Excel.run(batch)`, `Excel.run(options, batch)`, or `Excel.run(context | object, batch)` reusing an earlier
   * RequestContext (how event handlers are removed).
   */
  async function run<T>(
    a: Batch<T> | FakeExcelContext | { delayForCellEdit?: boolean; mergeUndoGroup?: boolean; context?: unknown },
    b?: Batch<T>,
  ): Promise<T> {
    const batch = typeof a === 'function' ? a : b;
    const options = typeof a === 'function' ? {} : a;
    if (typeof batch !== 'function') throw new FakeOfficeError('InvalidArgument', 'Excel.run needs a batch function.');
    const earlier =
      a instanceof FakeExcelContext ? a : 'context' in options && options.context instanceof FakeExcelContext ? options.context : undefined;
    const context = earlier ?? new FakeExcelContext(engine, 'delayForCellEdit' in options && options.delayForCellEdit === true);
    const merge = 'mergeUndoGroup' in options && options.mergeUndoGroup === true;
    if (!earlier) engine.runOptions.push({ mergeUndoGroup: merge });
    context.closed = false;
    context.changingSyncs = 0;
    engine.runs += 1;
    try {
      const result = await batch(context);
      if (context.pending > 0) {
        // Strictness of the fake: work queued after the last sync is a bug in the caller, whatever Office.js would do with it.
        throw new FakeOfficeError(
          'GeneralException',
          `The fake: ${context.pending} operation(s) were queued after the last context.sync() of Excel.run.`,
        );
      }
      return result;
    } finally {
      context.closed = true;
      // Before ExcelApi 1.20 the option is unknown to Excel: every changing sync stays an undo record of its own.
      engine.undoSteps += merge && engine.supports(20) ? Math.min(1, context.changingSyncs) : context.changingSyncs;
    }
  }
  return {
    run,
    RequestContext: FakeExcelContext,
    ErrorCodes: {
      invalidArgument: 'InvalidArgument',
      invalidOperation: 'InvalidOperation',
      invalidOperationInCellEditMode: 'InvalidOperationInCellEditMode',
      invalidReference: 'InvalidReference',
      itemNotFound: 'ItemNotFound',
      itemAlreadyExists: 'ItemAlreadyExists',
      rangeExceedsLimit: 'RangeExceedsLimit',
      requestPayloadSizeLimitExceeded: 'RequestPayloadSizeLimitExceeded',
      responsePayloadSizeLimitExceeded: 'ResponsePayloadSizeLimitExceeded',
      apiNotFound: 'ApiNotFound',
      generalException: 'GeneralException',
    },
    InsertShiftDirection: { down: 'Down', right: 'Right' },
    DeleteShiftDirection: { up: 'Up', left: 'Left' },
    ClearApplyTo: { all: 'All', formats: 'Formats', contents: 'Contents' },
    NamedItemType: { range: 'Range', error: 'Error', string: 'String' },
    EventSource: { local: 'Local', remote: 'Remote' },
    DataChangeType: {
      unknown: 'Unknown',
      rangeEdited: 'RangeEdited',
      rowInserted: 'RowInserted',
      rowDeleted: 'RowDeleted',
      columnInserted: 'ColumnInserted',
      columnDeleted: 'ColumnDeleted',
      cellInserted: 'CellInserted',
      cellDeleted: 'CellDeleted',
    },
  };
}
