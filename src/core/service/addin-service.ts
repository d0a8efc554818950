/** The AddinService interface: everything the pane asks of the add-in, in plain data (it also crosses google.script.run). */
import type { AddinErrorKind } from '../errors/addin-error';
import type { Deployment, Environment, Meta, PivotItems } from '../wire/schemas';
import type { JobItemState, RefreshAllSummary } from '../jobs/refresh-job-state';
import type { AuthScheme } from '../wire/auth-scheme';
import type { JobStatus } from '../jobs/job-store';
import type { GrowthSetting } from '../placements/growth-setting';
import type { CellsEdited } from './cells-edited';
import type { ContextChange } from '../placements/context-settings';
import type { ParameterBindingInput } from '../params/parameter-binding';
import type { SuggestValuesRequest, ValueSuggestions } from './value-suggestions';
import type { PreviewTable } from './preview-table';

export type { AuthScheme, JobItemState, JobStatus, RefreshAllSummary };

export interface SessionState {
  signedIn: boolean;
  tenantUrl: string | null;
  authScheme: AuthScheme;
  /** Prefill for the Tenant URL field: the tenant last signed in to, else the one the build or page was given (`npm start`: the local platform). */
  defaultTenantUrl: string | null;
}

export interface SignInInput {
  tenantUrl: string;
  apiKey: string;
  authScheme: AuthScheme;
}

/** Deployment and environment chosen for this workbook (remembered per workbook). */
export interface WorkbookContext {
  deploymentId: string | null;
  environmentId: string | null;
}

/** A report as authored in the pane (builder or SQL mode). */
export interface ReportDraft {
  name: string;
  description: string;
  mode: 'builder' | 'sql';
  sqlQuery: string;
  /** The platform's JSON query form (builder mode), serialized. */
  jsonQuery: string | null;
  pivotItems: Pick<PivotItems, 'rows' | 'columns' | 'measures' | 'filters'> | null;
  /** Builder state to reopen the builder on Edit (kept in the report's `meta`). */
  builderState: Record<string, unknown> | null;
}

export interface CellTarget {
  sheetId: string;
  sheetName: string;
  row: number;
  col: number;
  /** "Sheet1!B2" */
  label: string;
}

export type PlacementStatus = 'upToDate' | 'outOfDate' | 'orphaned' | 'failed' | 'refreshing' | 'unknown';

/** Cells inside a placement that differ from what the add-in last wrote there. */
export interface HandEditsView {
  /** Cells that differ (or may differ, when `exact` is false). */
  count: number;
  /** False when only the rows are known (large areas): `text` then names rows. */
  exact: boolean;
  /** For messages: "C7, C9 and 12 more in rows 7-20" / "cells in rows 7-20" (cellListText in src/core/changes). */
  text: string;
}

/** What a refresh changed against the cells it replaced (changeSummaryText gives the words). */
export interface ChangesView {
  /** "12 cells changed, 3 rows added, 1 row removed" or "No changes" */
  text: string;
  changedCells: number;
  rowsAdded: number;
  rowsRemoved: number;
  colsAdded: number;
  colsRemoved: number;
}

/** Whether Undo refresh can put back what the last refresh replaced; `reason` when it cannot ("too large to undo"). */
export interface UndoView {
  available: boolean;
  reason?: string;
}

export interface PlacementView {
  placementId: string;
  reportId: number;
  publicId: string;
  name: string;
  sheetName: string | null;
  /** The sheet's position in the workbook's tab order (0 first), for grouping the list; null or absent when orphaned or unknown. */
  sheetIndex?: number | null;
  /** "Sheet1!B2:D20" (header rows included), or null when orphaned */
  rangeLabel: string | null;
  /** Data rows last written (header rows not counted). */
  dataRows: number;
  cols: number;
  /** Header rows above the data rows. */
  headerRows: number;
  refreshedAt: string | null;
  status: PlacementStatus;
  /**
   * When this session last heard from the platform about the placement's report (a connect-workbook answer), ISO; null
   * when it has not (e.g. after a reload): the status is then as of the last refresh.
   */
  statusCheckedAt: string | null;
  lastError: { kind: AddinErrorKind; message: string } | null;
  canEdit: boolean | null;
  /**
   * The last result had exactly the platform's default cap of 10,000 rows and the SQL no top-level LIMIT: almost surely
   * cut short (optional: absent reads as false).
   */
  truncatedAtDefaultCap?: boolean;
  /** What a refresh does when the result grows into cells below holding data (absent reads as 'ask'). */
  growth?: GrowthSetting;
  /** Known hand edits (null/absent: none known). */
  handEdits?: HandEditsView | null;
  /** What the last refresh in this session changed. */
  lastChanges?: ChangesView | null;
  /** Undo refresh possible now; reason when not ("too large to undo"). */
  undo?: UndoView;
  /** Filter values bound to cells (absent: none). */
  parameters?: ParameterView[];
  /** Refreshed without a click, debounced, when a bound cell changes (absent: off). */
  refreshOnParameterChange?: boolean;
  /** A filter summary row above the table (absent reads as off). */
  filterSummary?: boolean;
  /** A note on the anchor cell naming the report and its last refresh (absent reads as off). */
  anchorNote?: boolean;
  /** Why this host cannot keep cell notes (the switch is shown disabled with it); absent or null: it can. */
  notesUnsupported?: string | null;
  /**
   * The signed-in person has not placed or confirmed this placement as it is now (another editor added or changed it, or
   * it was placed on another computer): runs nobody clicked for leave it alone until it is refreshed or confirmed.
   */
  needsConfirmation?: boolean;
}

/** A filter value bound to a cell, as the card shows it. */
export interface ParameterView {
  /** "Inputs!B2" where the cell is now. */
  cell: string;
  /** The filtered member ("orders.created_at"). */
  member: string;
  /** The value(s) the last run used, or null when it has not run since bound. */
  value: string | null;
  /** The cell's value differs from the last run's (or the cell is now empty, unusable or deleted). */
  changed: boolean;
  /** The binding as bindParameters takes it (its `ref` the cell where it is now), to keep it when others change. */
  binding: ParameterBindingInput;
}

/** What a bound cell gives its filter now, read and typed as a run reads it. */
export interface BoundCellValue {
  /** The cell as named now ("Inputs!B2", or the workbook name bound). */
  cell: string;
  /** The filter's value(s): one for a value binding, every non-empty cell of a list. */
  values: string[];
}

export interface RunOutcome {
  placementId: string;
  /** Data rows written (header rows not counted). */
  dataRows: number;
  cols: number;
  /** Header rows written above the data rows. */
  headerRows: number;
  /** The whole area written, header rows included. */
  rangeLabel: string;
  elapsedMs: number;
  /** The result had exactly the platform's default cap of 10,000 rows and the SQL no top-level LIMIT (absent reads as false). */
  truncatedAtDefaultCap?: boolean;
  /** What the run changed against the cells it replaced (refresh and update; not insert). */
  changes?: ChangesView;
  /** Whether Undo refresh can put back what this run replaced (refresh and update). */
  undo?: UndoView;
}

/** Where a placement moves: a picked cell (the pane's "Insert at" target), or the host's selected cell when the move runs. */
export type MoveTarget = CellTarget | 'selection';

export interface MoveOptions {
  jobId: string;
  /** Overwrite user cells at the new place (other placements always block). */
  overwrite?: boolean;
}

export type { GrowthSetting, ContextChange };

/** Options of placing a report that exists on the platform (again, by id or link, or an orphan anew). */
export interface PlaceOptions {
  jobId: string;
  /** Overwrite user cells at the target (other placements always block). */
  overwrite?: boolean;
  /**
   * The new placement's id (12 letters or digits), minted once by the pane and sent with every attempt of one placing,
   * so a retry connects the platform's placement of the first attempt rather than a second one (minted when absent).
   */
  placementId?: string;
}

export interface InsertOptions {
  jobId: string;
  overwrite: boolean;
  publicId?: string;
  /**
   * Filter values bound to cells while authoring the new report: checked before anything is written, stored with the
   * placement, and the inserted result refreshed with the cells' values.
   */
  parameters?: ParameterBindingInput[];
}

/** Options of Refresh all. */
export interface RefreshAllServiceOptions {
  jobId: string;
  handEdits?: 'skip' | 'overwrite';
  /**
   * A run nobody clicked for in view of the list (on open, a schedule, the ribbon or menu with the pane closed, a
   * parameter change): only placements the signed-in person placed or confirmed are fetched, the others end as items
   * 'skipped' with `needsConfirmation`.
   */
  unattended?: boolean;
}

/**
 * Events a long job sends while it runs, the list's changes, and a new selection where the host tells of one (Excel's
 * selection-changed event; elsewhere the pane polls the active cell).
 */
export type ServiceEvent =
  | { type: 'progress'; jobId: string; rows: number; bytes: number; elapsedMs: number; totalRows?: number }
  | { type: 'item'; jobId: string; placementId: string; item: JobItemState }
  | { type: 'placementsChanged' }
  | { type: 'selectionChanged' };

/** Errors cross this interface as AddinError (or, through google.script.run, as `{kind, message}` rebuilt into one). */
export interface AddinService {
  getSession(): Promise<SessionState>;
  signIn(input: SignInInput): Promise<SessionState>;
  signOut(): Promise<void>;

  listDeployments(): Promise<Deployment[]>;
  listEnvironments(deploymentId: string): Promise<Environment[]>;
  getContext(): Promise<WorkbookContext>;
  setContext(context: WorkbookContext): Promise<void>;
  /** Metadata (views, measures, dimensions) of the context's environment. */
  getMeta(): Promise<Meta>;
  /** Values a text dimension's filter can take, as the context's environment has them (asked once a session per search). */
  suggestValues(request: SuggestValuesRequest): Promise<ValueSuggestions>;
  /** The first rows of a draft (a `LIMIT 50` query), laid out as the sheet would get them; nothing is saved or written. */
  preview(draft: ReportDraft): Promise<PreviewTable>;

  activeCell(): Promise<CellTarget>;
  /**
   * Place a new report. Throws kind 'blocked' (with `data.cells`, A1 labels) when the area holds user cells and `overwrite`
   * is false. `publicId` is the draft's: minted once per draft and sent with every attempt until it is placed, so one
   * draft is at most one report on the platform (minted by the service when absent).
   */
  insert(draft: ReportDraft, target: CellTarget, options: InsertOptions): Promise<RunOutcome>;

  /**
   * Every placement's view. Unless `rights` is false, the first list of a session asks the platform what the signed-in
   * key may do with each listed report (one connect-workbook a report, once a session), so every card says read only up
   * front; runs that only want the placements (Refresh all, unattended runs) pass false.
   */
  listPlacements(options?: { rights?: boolean }): Promise<PlacementView[]>;
  /**
   * Re-run and rewrite a placement. With `handEdits` 'stop' (the default), a placement whose cells were edited by hand
   * throws kind 'handEdited' (data `{ text, count, exact }`) and nothing is written; 'overwrite' writes over them.
   */
  refresh(placementId: string, options: { jobId: string; handEdits?: 'stop' | 'overwrite' }): Promise<RunOutcome>;
  /** With `handEdits` 'skip' (the default), placements edited by hand end as items 'skipped' and are left as they were. */
  refreshAll(placementIds: string[], options: RefreshAllServiceOptions): Promise<RefreshAllSummary>;
  /** Confirm a placement (its card's Confirm): runs nobody clicked for refresh it from then on, with this person's key. */
  confirmPlacement?(placementId: string): Promise<void>;
  /** Stop a running job (insert, refresh or refresh-all), from this request or another one: the cells stay as they were. */
  cancel(jobId: string): Promise<void>;
  /**
   * A job's progress, per-placement items and outcome (or error), as plain JSON, from any request (Apps Script's sidebar
   * polls it while the job's own call runs); null for a job this workbook's job store does not know (yet, or any more).
   */
  jobStatus(jobId: string): Promise<JobStatus | null>;
  goTo(placementId: string): Promise<void>;
  /** The placement's report definition, for Edit. */
  loadDraft(placementId: string): Promise<ReportDraft>;
  /** Save an edited definition (upsert, same publicId) and refresh the placement. */
  update(placementId: string, draft: ReportDraft, options: { jobId: string; handEdits?: 'stop' | 'overwrite' }): Promise<RunOutcome>;
  /** With `jobId`, a clear of its cells sends 'progress' events (`rows`: rows cleared so far, `totalRows`: all of them). */
  remove(placementId: string, options: { clearCells: boolean; jobId?: string }): Promise<void>;

  /** Select the cells edited by hand (their rows when they are not known exactly). */
  locateHandEdits(placementId: string): Promise<void>;
  /** Select the cells the last refresh in this session changed. */
  showChanges(placementId: string): Promise<void>;
  /** Put back what the last refresh replaced (cells and record); refused when its cells were edited since. */
  undoRefresh(placementId: string, options: { jobId: string }): Promise<RunOutcome>;
  /** Re-read every placement's cells, update `handEdits` of the list, and send 'placementsChanged'. */
  checkHandEdits(): Promise<void>;

  subscribe(listener: (event: ServiceEvent) => void): () => void;

  /**
   * Move a placement: its report runs again and is written at `target`, its old cells cleared, all-or-nothing. Throws kind
   * 'blocked' (with `data.cells`) when user cells are there and `overwrite` is not set, or another placement is there.
   */
  movePlacement(placementId: string, target: MoveTarget, options: MoveOptions): Promise<RunOutcome>;
  /** Keep what the placement's refreshes do when the result grows into cells below holding data. */
  setPlacementGrowth(placementId: string, growth: GrowthSetting): Promise<void>;
  /**
   * Turn the filter summary row or the anchor note on or off. A summary change rewrites the placement as job `jobId`
   * (all-or-nothing, as a saved edit; blocked or stopped by hand edits as a refresh is); a note change alone returns null.
   */
  setPlacementContext(placementId: string, change: ContextChange, options: { jobId: string }): Promise<RunOutcome | null>;

  /**
   * Place the report of `placementId` again at `target`: a new placement (new id) of the same report, its definition
   * unchanged on the platform. Throws kind 'blocked' as insert does.
   */
  placeAgain(placementId: string, target: MoveTarget, options: PlaceOptions): Promise<RunOutcome>;
  /**
   * Place a report that exists on the platform, named by `reference` (its number id or a link to it), at `target`,
   * without changing it; a key that cannot read it gets an error and nothing is written. Throws kind 'blocked' as insert does.
   */
  placeReport(reference: string, target: MoveTarget, options: PlaceOptions): Promise<RunOutcome>;
  /** Write an orphaned placement's report at `target` anew, under its own placementId, without changing the report. */
  replaceOrphan(placementId: string, target: MoveTarget, options: PlaceOptions): Promise<RunOutcome>;
  /**
   * Bind filter values of a placement's builder report to cells (replacing its bindings; an empty list unbinds). A
   * reference without a sheet is on the active cell's sheet. Every run reads the cells from then on.
   */
  bindParameters(placementId: string, bindings: ParameterBindingInput[]): Promise<void>;
  /**
   * What the bound cells of a report being built or edited give its filters now (in the order of `bindings`), so the
   * form checks and previews the values its Insert or Save will run with. An empty, wrong-typed or missing cell throws
   * the run's 'validation' error naming it.
   */
  boundCellValues(bindings: ParameterBindingInput[]): Promise<BoundCellValue[]>;
  /** Keep whether the placement refreshes by itself, debounced, when one of its bound cells changes. */
  setRefreshOnParameterChange(placementId: string, on: boolean): Promise<void>;
  /**
   * Cells were edited outside the add-in (a host's change event; absent: anywhere, as a pane's check after it was hidden
   * or a sidebar's interval check says): cards whose bound cells changed go out of date and those whose area was touched
   * are checked for hand edits at once, then 'placementsChanged' is sent. A fast path: refreshes still check everything.
   */
  cellsEdited(edits?: CellsEdited[]): Promise<void>;
}
