/** The Orchestrator's public types: what it depends on, the draft it places, a run's options and its outcome. */
import type { PlacementConfirmations } from '../automation/placement-confirmations';
import type { AddinError } from '../errors/addin-error';
import type { QueryProgress, QueryResult, QueryRunner } from '../api/query-result';
import type { ConnectWorkbookBody, PivotItems, Report, ReportUpsertBody } from '../wire/schemas';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { Clock } from '../runtime/clock';
import type { GridRange, SpreadsheetHost } from '../host';
import type { JobScope } from '../jobs/job-scope';
import type { PlacementRecord } from './placement-record';
import type { PlannedTotals } from '../builder/report-totals';
import type { ChangeSummary } from '../changes/change-summary';
import type { UndoAvailability, UndoSetting } from './undo-keeper';
import type { HandEdits } from './hand-edits';
import type { BoundValue } from '../params/bound-values';

/** The two report calls the orchestrator makes (PlatformClient has them). */
export interface ReportsApi {
  upsertReport(deploymentId: string, publicId: string, body: ReportUpsertBody, opts?: { signal?: CancelSignal }): Promise<Report>;
  connectWorkbook(deploymentId: string, reportId: number, body: ConnectWorkbookBody, opts?: { signal?: CancelSignal }): Promise<Report>;
}

/** Where a placement's queries run. */
export interface QueryContext {
  deploymentId: string;
  environmentId?: string;
}

/** What the Orchestrator is given: the host, the platform's report calls, the query runners and the clock. */
export interface OrchestratorDeps {
  host: SpreadsheetHost;
  /** What the signed-in person placed or confirmed (default: kept with the session in `host.credentials`). */
  confirmations?: PlacementConfirmations;
  reports: ReportsApi;
  /** The query runner for a deployment/environment (it carries the user's own credentials). */
  queries: (context: QueryContext) => QueryRunner;
  /** `sleep` waits before retrying a busy host. */
  clock: Pick<Clock, 'now' | 'sleep'>;
  /**
   * Lets the host's page handle input and paint between two writes or clears of a job (a large write is dozens of blocks,
   * and the page must stay responsive so Cancel can be clicked). Without it nothing yields.
   */
  yieldToHost?: () => Promise<void>;
  randomBytes: (n: number) => Uint8Array;
  /** IANA time zone sent with every query. */
  timezone?: string;
  /** A time as the anchor note shows it, in the user's local time ("2026-11-26 10:04"); default: UTC (anchor-note.ts). */
  noteTime?: (ms: number) => string;
  /**
   * Told what the platform answered each time a placement's workbook is connected (a refresh's first call, the location
   * recorded after a write, Edit's read of the definition): the service keeps it as the placement's last known report.
   */
  reportSeen?: (placementId: string, report: Report) => void;
  /** How refreshes are kept for Undo refresh (default: in memory, BROWSER_UNDO_CELLS cells). */
  undo?: UndoSetting;
  /**
   * Header titles (flat and pivot), by column or member name (member-match rules), for a result of `report`'s definition;
   * undefined keeps the column names. It may read (the service reads the environment's metadata) but should not fail.
   */
  titles?: (
    context: QueryContext,
    result: QueryResult,
    report: Report,
  ) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>;
  /** The totals a report's definition asks for; without it no run adds totals. A planner that throws fails the run. */
  totals?: TotalsPlanner;
  /** Compiles a builder report with the values of its placement's bound cells; without it a run with bindings is refused. */
  parameters?: ParameterCompiler;
}

/**
 * Runs `report` with bound values: its builder state's bound values replaced and its query compiled again against the
 * environment's metadata (the service has it). Returns the definition to run; the platform's report is not changed.
 */
export type ParameterCompiler = (context: QueryContext, report: Report, bound: readonly BoundValue[]) => Promise<Report>;

/** The totals queries a run adds to its report's query (a builder report with totals on), or null for none. */
export type TotalsPlanner = (context: QueryContext, report: Report) => PlannedTotals | null | Promise<PlannedTotals | null>;

export type PivotSpec = Pick<PivotItems, 'rows' | 'columns' | 'measures' | 'filters'> &
  Partial<Pick<PivotItems, 'measuresAxis' | 'measuresPosition'>>;

/** A report definition as the pane hands it over. */
export interface PlacementDraft {
  deploymentId: string;
  environmentId?: string;
  name: string;
  description?: string;
  sqlQuery: string;
  jsonQuery?: string;
  pivotItems?: PivotSpec | null;
  meta?: Record<string, unknown>;
}

export type RunPhase = 'running' | 'writing';

export interface RunOptions {
  signal?: CancelSignal;
  onProgress?: (progress: QueryProgress) => void;
  /** 'running' when the query starts, 'writing' once the result is decoded and waits for (or holds) the write lock. */
  onPhase?: (phase: RunPhase) => void;
  /**
   * The job this run belongs to: its reads of the registry and layout are shared, and a refresh's record is saved when
   * the job's owner calls `flush` (Refresh all saves every record in one write). Without it the run is its own job.
   */
  scope?: JobScope;
  /**
   * Awaited once the result is in hand (told its cells), before the write lock is taken: a cancel asked for from another
   * request is seen there.
   */
  checkpoint?: (result?: { cells: number }) => Promise<void>;
  /**
   * A refresh's second checkpoint, awaited once the write lock is held: a cancel asked for from another request while
   * the result waited for the lock (other placements writing) is seen before any cell is touched.
   */
  lockCheckpoint?: () => Promise<void>;
  /** A refresh or edit over cells edited by hand: 'stop' (default) refuses with 'handEdited', 'overwrite' writes over them. */
  handEdits?: 'stop' | 'overwrite';
  /**
   * A refresh nobody clicked for on this placement (on open, a schedule, the ribbon or menu with the pane closed, a
   * parameter change): it runs only when the key's owner placed or confirmed the placement as it is now, and else is
   * refused (`needsConfirmation`) before anything is read or fetched. A run that is not unattended confirms it.
   */
  unattended?: boolean;
}

/** An insert's run options (the service's own `InsertOptions` are what the pane sends). */
export interface InsertRunOptions extends RunOptions {
  /** Overwrite user cells in the target (other placements always block). */
  overwrite?: boolean;
  /**
   * The draft's publicId: minted once per draft by the pane and sent with every attempt until the draft is placed, so a
   * failed, blocked or cancelled attempt and its retry save one report, not two. Minted here when absent.
   */
  publicId?: string;
}

export interface PlacementOutcome {
  placementId: string;
  reportId: number;
  publicId: string;
  /** Rows of the area written (header rows included) and its columns. */
  areaRows: number;
  cols: number;
  /** Leading rows of `areaRows` that are headers (1 for a flat table, Columns members + 1 for a pivot). */
  headerRows: number;
  area: GridRange;
  /** "'My Sheet'!B2:D20" */
  rangeRef: string;
  elapsedMs: number;
  /** User cells the insert overwrote (with `overwrite`). */
  overwrittenCells: number;
  /** The cells were written but recording the new location on the platform failed; the next refresh records it again. */
  syncError: AddinError | null;
  /** The result had exactly the platform's default cap of rows and the SQL no top-level LIMIT: almost surely cut short. */
  truncatedAtDefaultCap: boolean;
  /** A refresh or edit: what it changed against the cells it replaced. */
  changes?: ChangeSummary;
  /** A refresh or edit: whether Undo refresh can put back what it replaced. */
  undo?: UndoAvailability;
  /** Undo refresh: the hand edits among the cells it put back (the refresh had written over them); absent when none. */
  handEdits?: HandEdits;
}

export interface PlacementListing {
  record: PlacementRecord;
  /** Where the placement is now (the host's tracked area); null when its cells were deleted. */
  area: GridRange | null;
  sheetName: string | null;
  /** The sheet's position in the workbook's tab order (0 first); null when its cells or sheet were deleted. */
  sheetIndex: number | null;
  rangeRef: string | null;
}
