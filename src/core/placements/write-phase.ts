/** The write phase: layout read afresh, target snapshotted, planned, written all-or-nothing, restyled, tracked. */
import { AddinError } from '../errors/addin-error';
import type { Matrix } from '../cells/matrix';
import { writeBlocks } from '../cells/write-plan';
import type { CellSnapshot, GridRange, SpreadsheetHost, WorkbookLayout, WriteBlock } from '../host';
import { fingerprintCellsSteps, hasCurrentShape, type CellFingerprint } from '../changes/fingerprint';
import { summarizeChangeSteps, type ChangeSummary } from '../changes/change-summary';
import { findHandEditsSteps, handEditedError } from './hand-edits';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { JobScope } from '../jobs/job-scope';
import type { HostPacing } from './host-pacing';
import { subtract } from './grid-rect';
import { occupiedCells } from './occupied-cells';
import { inPlace, orphaned, throwIfAborted } from './placement-errors';
import { MAX_LISTED_CELLS, planPlacement, type PlacementArea, type PlacementPlan } from './planner';
import { restyleSteps, type OwnArea } from './restyle';
import { readSnapshots } from './snapshot-reads';
import { clearOwn, runWriteTransaction, within, type TransactionDone } from './write-transaction';
import { leftoverCandidates, vouchedLeftoversSteps } from './own-leftovers';

/** What the write phase is given. */
export interface WriteArgs {
  scope: JobScope;
  /** Fit the columns' widths after writing (a newly placed report). */
  autofit: boolean;
  placementId: string;
  name: string;
  /** Where to write: the insert target, or the placement's current area's top-left (read under the write lock). */
  target: { sheetId: string; row: number; col: number } | 'current';
  matrix: Matrix;
  overwrite: boolean;
  signal: CancelSignal | undefined;
  /** Header rows of the placement's previous write (target 'current'; the add-in made them bold); 0 for an insert. */
  previousHeaderRows: number;
  /**
   * An edit's save: `save` runs once the result is planned and fits, before any cell changes; `restore` puts the saved
   * definition back when the cells could then not be written.
   */
  commit?: { save(): Promise<void>; restore(): Promise<void> };
  /**
   * A move: `target` is the placement's new anchor and its current area the previous one (its own cells are no user
   * cells in the way, and what the new area does not cover is cleared in the same transaction).
   */
  move?: boolean;
  /**
   * Target 'current': the fingerprint of what the add-in last wrote there (null when none is stored). Cells that differ
   * from it stop the write with 'handEdited' unless `overwrite`.
   */
  handEdits?: { fingerprint: CellFingerprint | null; overwrite: boolean };
}

/** What the write phase did. */
export interface Written {
  plan: PlacementPlan;
  sheetName: string;
  /** The layout read under the write lock. */
  layout: WorkbookLayout;
  /** The fingerprint of the values written (kept with the record to find hand edits later). */
  fingerprint: CellFingerprint;
  /** A write over the placement's previous area: what it changed there (null for a new placement). */
  changes: ChangeSummary | null;
  /** The placement's area before the write (null for a new placement). */
  previousArea: GridRange | null;
  /** The cells before the write (the new area, then the previous area's leftovers), as read for rollback. */
  before: CellSnapshot[];
  /** Cells of the previous area outside the new one were left as they were (no fingerprint vouched for them). */
  keptLeftovers?: boolean;
}

/** The host, how it is called, and the other placements' areas (registry and pending writes) the plan must keep clear of. */
export interface WriteContext {
  host: SpreadsheetHost;
  pacing: HostPacing;
  otherAreas: (scope: JobScope, layout: WorkbookLayout, placementId: string) => Promise<PlacementArea[]>;
  /** The fingerprint of what the add-in last wrote in a placement (null: none stored): what vouches for its leftovers. */
  fingerprint: (scope: JobScope, placementId: string) => Promise<CellFingerprint | null>;
}

function cellsOf(ranges: readonly GridRange[]): number {
  return ranges.reduce((n, r) => n + r.rows * r.cols, 0);
}

function sameRect(a: GridRange, b: GridRange): boolean {
  return a.sheetId === b.sheetId && a.row === b.row && a.col === b.col && a.rows === b.rows && a.cols === b.cols;
}

/**
 * Writes a result (the caller holds the write lock): read the layout afresh, snapshot the target and the leftovers (the
 * snapshot also shows the user cells in the way), plan, then run the write transaction (rolled back on any failure).
 */
export async function writePlacement(ctx: WriteContext, args: WriteArgs): Promise<Written> {
  const { host, pacing } = ctx;
  const { placementId, matrix, signal } = args;
  throwIfAborted(signal);
  const layout = await pacing.call(() => host.layout());
  args.scope.setLayout(layout);
  let previousArea: GridRange | null = null;
  let anchor: { sheetId: string; row: number; col: number };
  if (args.target === 'current') {
    previousArea = layout.areas[placementId] ?? null;
    if (!previousArea) throw orphaned({ name: args.name, placementId });
    anchor = { sheetId: previousArea.sheetId, row: previousArea.row, col: previousArea.col };
  } else anchor = args.target;
  if (args.target !== 'current' && args.move === true) {
    previousArea = layout.areas[placementId] ?? null;
    if (!previousArea) throw orphaned({ name: args.name, placementId });
  }
  const sheet = layout.sheets.find((s) => s.id === anchor.sheetId);
  if (!sheet) throw new AddinError('notFound', 'The target sheet no longer exists.');

  const newArea: GridRange = { sheetId: anchor.sheetId, row: anchor.row, col: anchor.col, rows: matrix.rows, cols: matrix.cols };
  const otherAreas = await ctx.otherAreas(args.scope, layout, placementId);
  const planInput = {
    sheetId: anchor.sheetId,
    anchor,
    newShape: { rows: matrix.rows, cols: matrix.cols },
    previousArea,
    otherAreas,
    limits: host.limits,
    overwrite: args.overwrite,
    name: args.name,
  };
  const inGrid =
    newArea.row + newArea.rows <= host.limits.maxRows &&
    newArea.col + newArea.cols <= host.limits.maxCols &&
    matrix.rows > 0 &&
    matrix.cols > 0;
  // Out of the grid (or empty): the plan refuses it before anything is read.
  if (!inGrid) planPlacement({ ...planInput, occupied: [] });
  // Only cells the previous write's fingerprint vouches for may be cleared: never another placement's, never a cell of
  // an area the document says is larger or elsewhere than what was written.
  const previousPrint = previousArea ? await ctx.fingerprint(args.scope, placementId) : null;
  const candidates = leftoverCandidates(previousArea, newArea, otherAreas, previousPrint);
  const snapshots = await readSnapshots([newArea, ...candidates], pacing.readLimits(), (bands) => pacing.paced(() => host.snapshot(bands)));
  const [target, ...candidateCells] = snapshots;
  if (!target) throw new AddinError('host', 'The spreadsheet returned no snapshot of the target cells.');
  if (previousArea && args.handEdits && !args.handEdits.overwrite) {
    const edited = await pacing.inSteps(findHandEditsSteps(args.handEdits.fingerprint, snapshots, previousArea));
    if (edited) throw handEditedError(args.name, edited);
  }
  const vouched =
    previousArea && previousPrint ? await pacing.inSteps(vouchedLeftoversSteps(previousPrint, snapshots, previousArea, candidates)) : [];
  const leftovers = within(candidateCells, vouched);
  // User cells: what the snapshot holds outside the placement's own cells, so its own data never hides a user cell.
  const probes = previousArea ? subtract(newArea, previousArea) : [newArea];
  const occupied = occupiedCells(target, probes, args.overwrite ? MAX_LISTED_CELLS : MAX_LISTED_CELLS + 1);
  const plan = inPlace(() => planPlacement({ ...planInput, occupied }), args.target === 'current', args.name);
  // The passes over every cell (the restyle, in steps, and the text checks at the plan's start) in tasks of their own.
  await pacing.breathe();

  const own: OwnArea | null = previousArea ? { area: previousArea, headerRows: args.previousHeaderRows } : null;
  const styled = own ? await pacing.inSteps(restyleSteps(matrix, target, own)) : matrix;
  await pacing.breathe();
  // Planned block by block with the host let in between, so a large result's plan is many short tasks of the page.
  const blocks: WriteBlock[] = [];
  for (const block of writeBlocks(styled, { sheetId: anchor.sheetId, row: anchor.row, col: anchor.col }, host.limits)) {
    blocks.push(block);
    await pacing.breathe();
  }
  throwIfAborted(signal);
  if (args.commit) await args.commit.save();
  let done: TransactionDone = { autofitted: false };
  try {
    done = await runWriteTransaction(host, pacing.paced, {
      blocks,
      snapshots,
      leftovers,
      own,
      track: previousArea && sameRect(previousArea, plan.write) ? null : { placementId, range: plan.write },
      signal,
      ...(args.autofit ? { autofit: plan.write } : {}),
    });
  } catch (e) {
    // The cells are as they were: so is the saved definition (best effort; the error already says what failed).
    if (args.commit) await args.commit.restore().catch(() => undefined);
    throw e;
  }
  if (args.autofit && !done.autofitted) {
    // Best effort: the cells are written; a host that cannot fit the widths leaves them as they were.
    await pacing.call(() => host.autofitColumns(plan.write)).catch(() => undefined);
  }
  const areas = { ...layout.areas, [placementId]: plan.write };
  // Passes over every cell written, in steps with the host's page let in between (a large result is many short tasks).
  const changes = previousArea ? await pacing.inSteps(summarizeChangeSteps(previousArea, plan.write, target, styled.values)) : null;
  const fingerprint =
    keptFingerprint(args.handEdits, previousArea, plan.write, changes) ??
    (await pacing.inSteps(fingerprintCellsSteps(styled.values, styled.rows, styled.cols)));
  return {
    plan,
    sheetName: sheet.name,
    layout: { ...layout, areas },
    fingerprint,
    changes,
    previousArea,
    before: snapshots,
    keptLeftovers: cellsOf(vouched) < (previousArea ? cellsOf(subtract(previousArea, plan.write)) : 0),
  };
}

/**
 * The stored fingerprint, when it is still the written cells' own: the hand-edit check has just matched it against the
 * cells and the refresh wrote the same values into the same area. Then no pass over every cell is needed (a refresh
 * whose numbers did not move is the common case of Refresh all).
 */
function keptFingerprint(
  handEdits: WriteArgs['handEdits'],
  previousArea: GridRange | null,
  written: GridRange,
  changes: ChangeSummary | null,
): CellFingerprint | null {
  const checked = handEdits && !handEdits.overwrite ? handEdits.fingerprint : null;
  if (!checked || !previousArea || !changes || changes.changedCells > 0 || !sameRect(previousArea, written)) return null;
  return checked.rows === written.rows && checked.cols === written.cols && hasCurrentShape(checked) ? checked : null;
}

/**
 * Clears a placement's own cells a band at a time (a large area never makes one long task of the host's page);
 * `onProgress` is told the rows cleared so far.
 */
export async function clearPlacementCells(
  ctx: Pick<WriteContext, 'host' | 'pacing'>,
  own: OwnArea,
  onProgress?: (clearedRows: number, rows: number) => void,
): Promise<void> {
  const { host, pacing } = ctx;
  const { area } = own;
  const step = pacing.yields ? Math.max(1, Math.floor(host.limits.maxCellsPerWrite / area.cols)) : area.rows;
  for (let at = 0; at < area.rows; at += step) {
    const band: GridRange = { ...area, row: area.row + at, rows: Math.min(step, area.rows - at) };
    const cells = await readSnapshots([band], pacing.readLimits(), (bands) => pacing.paced(() => host.snapshot(bands)));
    await clearOwn(host, pacing.paced, cells, own);
    onProgress?.(at + band.rows, area.rows);
  }
}
