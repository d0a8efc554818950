/** The AddinService interface: everything the pane asks of the add-in, in plain data (it also crosses google.script.run). */
import type { AddinErrorKind } from '../errors/addin-error';
import type { Deployment, Environment, Meta, PivotItems } from '../wire/schemas';
import type { JobItemState, RefreshAllSummary } from '../jobs/refresh-job-state';
import type { AuthScheme } from '../wire/auth-scheme';
import type { JobStatus } from '../jobs/job-store';

export type { AuthScheme, JobItemState, JobStatus, RefreshAllSummary };

export interface SessionState {
  signedIn: boolean;
  tenantUrl: string | null;
  authScheme: AuthScheme;
  /** Prefill for the Tenant URL field (the local platform under `npm start`). */
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
  text: string; // "12 cells changed, 3 rows added, 1 row removed" or "No changes"
  changedCells: number;
  rowsAdded: number;
  rowsRemoved: number;
  colsAdded: number;
  colsRemoved: number;
}

export type PlacementStatus = 'upToDate' | 'outOfDate' | 'orphaned' | 'failed' | 'refreshing' | 'unknown';

export interface PlacementView {
  placementId: string;
  reportId: number;
  publicId: string;
  name: string;
  sheetName: string | null;
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
  /** Known hand edits (null/absent: none known). */
  handEdits?: HandEditsView | null;
  /** What the last refresh in this session changed. */
  lastChanges?: ChangesView | null;
  /** Undo refresh possible now; reason when not ("too large to undo"). */
  undo?: { available: boolean; reason?: string };
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
  /** Set by refresh and update (not insert). */
  changes?: ChangesView;
  undo?: { available: boolean; reason?: string };
}

export interface InsertOptions {
  jobId: string;
  overwrite: boolean;
  publicId?: string;
}

/** Events a long job sends while it runs. */
export type ServiceEvent =
  | { type: 'progress'; jobId: string; rows: number; bytes: number; elapsedMs: number; totalRows?: number }
  | { type: 'item'; jobId: string; placementId: string; item: JobItemState }
  | { type: 'placementsChanged' };

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

  activeCell(): Promise<CellTarget>;
  /**
   * Place a new report. Throws kind 'blocked' (with `data.cells`, A1 labels) when the area holds user cells and `overwrite`
   * is false. `publicId` is the draft's: minted once per draft and sent with every attempt until it is placed, so one
   * draft is at most one report on the platform (minted by the service when absent).
   */
  insert(draft: ReportDraft, target: CellTarget, options: InsertOptions): Promise<RunOutcome>;

  listPlacements(): Promise<PlacementView[]>;
  /**
   * With `handEdits` 'stop' (the default), a placement with hand edits throws AddinError kind 'handEdited' (data
   * `{ text, count, exact }`) and nothing is written; 'overwrite' writes over them.
   */
  refresh(placementId: string, options: { jobId: string; handEdits?: 'stop' | 'overwrite' }): Promise<RunOutcome>;
  /** With `handEdits` 'skip' (the default), placements with hand edits end as 'skipped' items with the 'handEdited' message. */
  refreshAll(placementIds: string[], options: { jobId: string; handEdits?: 'skip' | 'overwrite' }): Promise<RefreshAllSummary>;
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
  update(placementId: string, draft: ReportDraft, options: { jobId: string }): Promise<RunOutcome>;
  /** With `jobId`, a clear of its cells sends 'progress' events (`rows`: rows cleared so far, `totalRows`: all of them). */
  remove(placementId: string, options: { clearCells: boolean; jobId?: string }): Promise<void>;

  /** Selects the edited cells (their rows when not exact). */
  locateHandEdits(placementId: string): Promise<void>;
  /** Selects the cells the last refresh changed. */
  showChanges(placementId: string): Promise<void>;
  /** Puts back what the last refresh replaced. */
  undoRefresh(placementId: string, options: { jobId: string }): Promise<RunOutcome>;
  /** Re-reads every placement's cells, updates handEdits, emits placementsChanged. */
  checkHandEdits(): Promise<void>;

  subscribe(listener: (event: ServiceEvent) => void): () => void;
}
