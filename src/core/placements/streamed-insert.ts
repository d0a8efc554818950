/**
 * An insert's fetch and write phases run together, for a flat result on a host that writes while the stream arrives:
 * rows are typed into bands as they come and written under the write lock as soon as a band is full, so the insert
 * ends near the stream's last byte and never holds the whole result. All-or-nothing as the write phase: a failed,
 * refused or cancelled run puts back every cell it wrote and saves nothing.
 */
import { cutAtDefaultCap } from '../builder/default-cap';
import { flatHeaderRow } from '../cells/flat-layout';
import { createCancelSource } from '../runtime/cancel-signal';
import type { QueryResult } from '../api/query-result';
import type { SpreadsheetHost } from '../host';
import type { FetchRequest } from './fetch-phase';
import type { PlacementArea } from './planner';
import { throwIfAborted } from './placement-errors';
import type { OrchestratorDeps, RunOptions } from './placement-types';
import { BandQueue, createBandSink } from './row-bands';
import { StreamedWrite, type StreamEnd, type StreamedWriteArgs } from './streamed-write';
import type { WriteContext, Written } from './write-phase';

/**
 * Cells of one band at most (one write each): a band's rows wait for it to fill, and rows kept across several of the
 * heap's young collections move to its old generation and outlive their use there, so bands stay small.
 */
export const MAX_BAND_CELLS = 25_000;

/** What a streamed run knows of its result once written (what a fetch returns, less the matrix it never holds). */
export interface StreamedFetch {
  /** The shape of the matrix written (its rows are never held whole). */
  matrix: { rows: number; cols: number; headerRows: number };
  layout: 'flat';
  queryChecksum: string | undefined;
  truncatedAtDefaultCap: boolean;
}

/** What the stream ends with: what the write's finish needs besides the report's save, and the run's facts. */
type StreamOutcome = Omit<StreamEnd, 'commit'> & { fetched: StreamedFetch };

/** What a streamed insert needs of the Orchestrator. */
export interface StreamedInsertDeps {
  fetch: Pick<OrchestratorDeps, 'queries' | 'timezone' | 'titles' | 'totals'>;
  writing: WriteContext;
  /** Runs the write under the write lock. */
  lock(task: () => Promise<Written>): Promise<Written>;
  /** Holds the new area as pending (known to other jobs) until the placement's record is saved. */
  pending: { holdPending(placementId: string, area: PlacementArea): void };
}

/** Whether a request's result can be written while it streams: a flat table on a host that writes as rows arrive. */
export function streams(host: Pick<SpreadsheetHost, 'streamsWrites'>, request: FetchRequest): boolean {
  const isPivot = request.pivot !== null && request.pivot.columns.length > 0;
  return host.streamsWrites === true && !isPivot && request.filterSummary !== true;
}

/**
 * The fetch and write phases of an insert together, the rows written as they stream, the new area held as pending; null
 * (nothing run) when the result must be fetched and written whole.
 */
export type StreamedInsertStep = (
  request: FetchRequest,
  args: Omit<StreamedWriteArgs, 'signal'>,
  opts: RunOptions,
  commit: (fetched: StreamedFetch) => StreamEnd['commit'],
) => Promise<{ written: Written; fetched: StreamedFetch } | null>;

/** The insert's streamed step over `deps`: null (nothing run) where the result must be written whole. */
export function streamedInsertStep(deps: StreamedInsertDeps): StreamedInsertStep {
  return (request, args, opts, commit) =>
    streams(deps.writing.host, request) ? streamAndWrite(deps, request, args, opts, commit) : Promise.resolve(null);
}

/**
 * Runs `request` and writes its rows at `args.target` as they arrive; `commit` is the report's save, made once the
 * whole result is in and fits, before the header row is written. Null (nothing run) when the report adds totals, which
 * are laid out under the whole result: the caller then fetches and writes it as a whole.
 */
export async function streamAndWrite(
  deps: StreamedInsertDeps,
  request: FetchRequest,
  args: Omit<StreamedWriteArgs, 'signal'>,
  opts: RunOptions,
  commit: (fetched: StreamedFetch) => StreamEnd['commit'],
): Promise<{ written: Written; fetched: StreamedFetch } | null> {
  const { context, sql, report } = request;
  const { signal } = opts;
  if ((await deps.fetch.totals?.(context, report)) != null) return null;
  throwIfAborted(signal);
  const { host } = deps.writing;
  const runner = deps.fetch.queries(context);
  // A writer's failure stops the stream: the run then ends with the writer's error, not the stream's cancel.
  const stop = createCancelSource();
  const unlink = signal?.onCancel(() => stop.cancel()) ?? (() => undefined);
  const queue = new BandQueue<StreamOutcome>();
  const sink = createBandSink(
    queue,
    (cols) => Math.floor(Math.min(host.limits.maxCellsPerWrite, MAX_BAND_CELLS) / Math.max(1, cols)),
    () => start(),
  );
  let writer: Promise<Written> | null = null;
  const start = (): Promise<Written> =>
    (writer ??= guarded(
      (async () => {
        // A cancel asked for from another request is seen before the lock is taken.
        await opts.checkpoint?.();
        return deps.lock(async () => {
          const written = await writeBands(deps.writing, { ...args, signal }, sink.columns?.length ?? 0, queue, commit, opts);
          deps.pending.holdPending(args.placementId, { ...written.plan.write, placementId: args.placementId, name: args.name });
          return written;
        });
      })(),
      () => stop.cancel(),
    ));
  try {
    let result: QueryResult;
    try {
      result = await runner.run({
        sink,
        query: sql,
        ...(deps.fetch.timezone ? { timezone: deps.fetch.timezone } : {}),
        signal: stop.signal,
        // A result that cannot fit below its header row stops streaming at once.
        budget: { maxRows: Math.max(0, host.limits.maxRows - args.target.row - 1), maxCols: host.limits.maxCols },
        ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      });
      // A runner may keep the rows instead of handing them to the sink: they are banded now.
      if (result.sunk !== true) {
        sink.header(result.columns);
        sink.add(result.rows);
      }
      sink.flush();
      throwIfAborted(signal);
      const titles = await deps.fetch.titles?.(context, result, report);
      throwIfAborted(signal);
      const dataRows = sink.rows;
      queue.end({
        header: flatHeaderRow(result.columns, titles),
        dataRows,
        timestampFormats: sink.timestampFormats(),
        fetched: {
          matrix: { rows: dataRows + 1, cols: result.columns.length, headerRows: 1 },
          layout: 'flat',
          queryChecksum: report.currentQueryChecksum ?? undefined,
          truncatedAtDefaultCap: cutAtDefaultCap(dataRows, sql),
        },
      });
      opts.onPhase?.('writing');
    } catch (e) {
      queue.fail(e);
      // The writer's own failure (which stopped the stream) is the run's.
      if (writer === null) throw e;
    }
    const written = await start();
    return { written, fetched: queue.outcome().fetched };
  } finally {
    unlink();
  }
}

/** `task`, with `onFailure` called the moment it fails (its rejection is awaited later, never left unhandled). */
function guarded<T>(task: Promise<T>, onFailure: () => void): Promise<T> {
  task.catch(onFailure);
  return task;
}

/** The writer under the write lock: every band as it comes, then the finish; any failure puts back what it wrote. */
async function writeBands(
  ctx: WriteContext,
  args: StreamedWriteArgs,
  cols: number,
  queue: BandQueue<StreamOutcome>,
  commit: (fetched: StreamedFetch) => StreamEnd['commit'],
  opts: Pick<RunOptions, 'lockCheckpoint'>,
): Promise<Written> {
  await opts.lockCheckpoint?.();
  const write = new StreamedWrite(ctx, args, cols);
  try {
    await write.begin();
    for (let band = await queue.next(); band !== null; band = await queue.next()) await write.band(band);
    const end = queue.outcome();
    return await write.finish({ ...end, commit: commit(end.fetched) });
  } catch (e) {
    await write.rollback(e);
    throw e;
  }
}
