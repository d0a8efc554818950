/** Undo refresh's write: the cells a refresh replaced written back all-or-nothing, refused when they were edited since. */
import { AddinError } from '../errors/addin-error';
import type { Matrix } from '../cells/matrix';
import { planWriteBlocks } from '../cells/write-plan';
import type { CellSnapshot, GridRange, WorkbookLayout, WriteBlock } from '../host';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { JobScope } from '../jobs/job-scope';
import { fingerprintCells, type CellFingerprint } from '../changes/fingerprint';
import type { UndoEntry } from '../changes/undo-store';
import { areaValues, findHandEditsSteps, handEditedError, type HandEdits } from './hand-edits';
import { intersect } from './grid-rect';
import { occupiedCells } from './occupied-cells';
import { orphaned, throwIfAborted } from './placement-errors';
import { readSnapshots } from './snapshot-reads';
import type { UndoState } from './undo-keeper';
import type { WriteContext } from './write-phase';
import { runWriteTransaction } from './write-transaction';

/**
 * What the undo wrote: the area given back, the layout under the write lock, the fingerprint to store and the hand edits
 * among the cells put back (those the refresh had written over), found against that fingerprint without another read.
 */
export interface Undone {
  area: GridRange;
  sheetName: string;
  layout: WorkbookLayout;
  fingerprint: CellFingerprint;
  handEdits: HandEdits | null;
}

function sameRect(a: GridRange, b: GridRange): boolean {
  return a.sheetId === b.sheetId && a.row === b.row && a.col === b.col && a.rows === b.rows && a.cols === b.cols;
}

/** A snapshot as a matrix that writes its values, formats and bold back exactly. */
function matrixOf(s: CellSnapshot): Matrix {
  return { rows: s.range.rows, cols: s.range.cols, values: s.values, formats: s.formats, headerRows: 0, bold: s.bold };
}

/**
 * Writes `entry.before` back (the caller holds the write lock). Refused when the placement moved or changed shape since
 * the refresh, when its cells differ from what the refresh wrote (`written`: that fingerprint), when cells the refresh
 * cleared hold something now, or when another placement now covers any of them.
 */
export async function undoWrite(
  ctx: WriteContext,
  args: {
    scope: JobScope;
    entry: UndoEntry<UndoState>;
    name: string;
    written: CellFingerprint | null;
    signal: CancelSignal | undefined;
  },
): Promise<Undone> {
  const { host, pacing } = ctx;
  const { entry, name } = args;
  const placementId = entry.placementId;
  const layout = await pacing.call(() => host.layout());
  args.scope.setLayout(layout);
  const area = layout.areas[placementId] ?? null;
  if (!area) throw orphaned({ name, placementId });
  if (!sameRect(area, entry.written))
    throw new AddinError(
      'validation',
      `"${name}" was moved or changed shape since its last refresh (rows or columns were inserted or deleted): that refresh can no longer be undone.`,
    );
  const ranges = entry.before.map((s) => s.range);
  const others = await ctx.otherAreas(args.scope, layout, placementId);
  const other = others.find((o) => ranges.some((r) => intersect(o, r) !== null));
  if (other)
    throw new AddinError(
      'blocked',
      `"${other.name ?? 'Another report'}" now covers cells that undoing the refresh of "${name}" would write.`,
    );
  const now = await readSnapshots(ranges, pacing.readLimits(), (bands) => pacing.paced(() => host.snapshot(bands)));
  const edited = await pacing.inSteps(findHandEditsSteps(args.written, now, area));
  if (edited) throw handEditedError(name, edited, 'Undoing the refresh', ' since its last refresh');
  // Cells the refresh cleared (outside its written area) that hold something now were typed since: they are not put back over.
  const cleared = now.flatMap((s) => (intersect(s.range, area) ? [] : [s]));
  const typed = cleared.flatMap((s) => occupiedCells(s, [s.range], 1));
  if (typed.length > 0)
    throw new AddinError(
      'blocked',
      `Cells the last refresh of "${name}" cleared hold new values now: undoing it would overwrite them. Clear them first.`,
    );
  const blocks: WriteBlock[] = [];
  for (const s of entry.before) blocks.push(...planWriteBlocks(matrixOf(s), s.range, host.limits));
  throwIfAborted(args.signal);
  const back = entry.area ?? area;
  await runWriteTransaction(host, pacing.paced, {
    blocks,
    snapshots: now,
    leftovers: [],
    own: null,
    track: sameRect(back, area) ? null : { placementId, range: back },
    signal: args.signal,
  });
  const sheet = layout.sheets.find((s) => s.id === back.sheetId);
  // The fingerprint stored before the refresh keeps any hand edits it replaced known as such.
  const fingerprint = entry.record.print ?? fingerprintCells(areaValues(entry.before, back), back.rows, back.cols);
  return {
    area: back,
    sheetName: sheet?.name ?? entry.record.record.sheetName ?? '',
    layout: { ...layout, areas: { ...layout.areas, [placementId]: back } },
    fingerprint,
    handEdits: await pacing.inSteps(findHandEditsSteps(fingerprint, entry.before, back)),
  };
}
