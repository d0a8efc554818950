/** The faults of the matrix, one row each: what the platform or the host does wrong during a refresh and what the user must read. */
import type { TransportRequest } from '../../src/core/api/transport';
import { SQL_QUERY_PATH } from '../../src/core/wire/wire-names';

/**
 * How a case bends one request: the x-fault header to add, or the request to send instead; undefined leaves it alone.
 * `tally(key)` counts calls per key within one run (1 on the first), so a fault can strike only the first N matches.
 */
export type RequestFault = (request: TransportRequest, tally: (key: string) => number) => TransportRequest | undefined;

export interface FaultCase {
  name: string;
  /** Applied to every request of the faulty refresh. */
  fault?: RequestFault;
  /**
   * How the run is driven: a refresh once, cancelled while its query is slow, or twice at once; an edit of the
   * definition (save and refresh), by the editor or by a viewer; or Refresh all of five placements, stopped as soon as
   * the first one is done.
   */
  drive: 'refresh' | 'cancelSlow' | 'twoAtOnce' | 'update' | 'updateAsViewer' | 'refreshAllStop';
  /** The user's edit in the host before the run: the placement's sheet deleted, or the rows holding its cells. */
  deleteArea?: 'sheet' | 'rows';
  /**
   * The refresh's query goes to a platform child process of its own, which is killed (SIGKILL) as soon as the first
   * rows of a large result passed: nothing of the platform is left to ask afterwards.
   */
  killPlatform?: boolean;
  /**
   * False when no clean run can follow: the fault's other writer deleted the report and created it again under a new
   * id on every attempt, so the id the placement knows is gone from the platform (its content is still compared).
   */
  cleanRun?: false;
  /** The host's writes fail after this many have succeeded (0: the result's first write): once refused, or busy every time. */
  failWriteAfter?: number;
  hostError?: 'refused' | 'busy';
  /** 'failed': the refresh must fail with `message`; 'ok': it must succeed; 'either': both are allowed (the invariants still hold). */
  expect: 'failed' | 'ok' | 'either';
  message?: RegExp;
}

export const isQuery = (r: TransportRequest): boolean => r.url.endsWith(SQL_QUERY_PATH);
const withFault = (r: TransportRequest, value: string): TransportRequest => ({ ...r, headers: { ...r.headers, 'x-fault': value } });

/** Adds `value` to every query request (or only the first `times`). */
const onQuery =
  (value: string, times = Infinity): RequestFault =>
  (r, tally) =>
    isQuery(r) && tally('query') <= times ? withFault(r, value) : undefined;

/** Adds `value` to the control-plane requests whose URL matches `path` (only the first `times` of them). */
const onControl =
  (path: RegExp, value: string, times = Infinity): RequestFault =>
  (r, tally) =>
    !isQuery(r) && path.test(r.url) && tally(`control ${path.source}`) <= times ? withFault(r, value) : undefined;

export const FAULT_CASES: readonly FaultCase[] = [
  // UrlFetchApp fails the whole fetch when the connection is cut, so on Sheets no answer arrived at all.
  {
    name: 'connection cut mid-stream',
    fault: onQuery('drop-after-rows=2'),
    drive: 'refresh',
    expect: 'failed',
    message: /connection broke|arrived damaged|the connection failed/,
  },
  { name: 'malformed line', fault: onQuery('malformed-after-rows=2'), drive: 'refresh', expect: 'failed', message: /arrived damaged/ },
  {
    name: 'error line before the stream',
    fault: onQuery('error-after-rows=0'),
    drive: 'refresh',
    expect: 'failed',
    message: /query failed/i,
  },
  {
    name: 'error line mid-stream',
    fault: onQuery('error-after-rows=2'),
    drive: 'refresh',
    expect: 'failed',
    message: /query failed after 2 rows/i,
  },
  { name: '503 then success', fault: onControl(/connect-workbook/, 'status=503', 1), drive: 'refresh', expect: 'ok' },
  { name: '503 always', fault: onControl(/connect-workbook/, 'status=503'), drive: 'refresh', expect: 'failed', message: /HTTP 503/ },
  {
    name: '401 with an expired key',
    fault: (r) => ({ ...r, headers: { ...r.headers, Authorization: 'Bearer expired-key-0000' } }),
    drive: 'refresh',
    expect: 'failed',
    message: /Sign in again/,
  },
  // The key expires between the control plane's answer and the query: the query API answers 403 "Invalid token".
  {
    name: '403 with an expired key',
    fault: (r) => (isQuery(r) ? { ...r, headers: { ...r.headers, Authorization: 'Bearer expired-key-0000' } } : undefined),
    drive: 'refresh',
    expect: 'failed',
    message: /Sign in again/,
  },
  { name: 'Continue wait several times', fault: onQuery('continue-wait=3'), drive: 'refresh', expect: 'ok' },
  { name: 'slow first byte with Cancel', fault: onQuery('delay-ms=3000'), drive: 'cancelSlow', expect: 'either', message: /cancel/i },
  { name: 'host write failing halfway', drive: 'refresh', failWriteAfter: 0, expect: 'failed', message: /refused to write the cells/ },
  {
    name: 'host busy past the waits',
    drive: 'refresh',
    failWriteAfter: 0,
    hostError: 'busy',
    expect: 'failed',
    message: /busy|leave the cell/i,
  },
  { name: 'the area deleted (its sheet)', deleteArea: 'sheet', drive: 'refresh', expect: 'failed', message: /deleted/i },
  { name: 'the area deleted (its rows)', deleteArea: 'rows', drive: 'refresh', expect: 'failed', message: /deleted/i },
  // The first query answers at once and the others are slow: Stop finds some queries in flight and some not started.
  {
    name: 'Refresh all stopped midway',
    fault: (r, tally) => (isQuery(r) && tally('query') > 1 ? withFault(r, 'delay-ms=2000') : undefined),
    drive: 'refreshAllStop',
    expect: 'either',
  },
  {
    name: 'the platform killed mid-write',
    killPlatform: true,
    drive: 'refresh',
    expect: 'failed',
    message: /connection broke|the connection failed|could not reach|arrived damaged/i,
  },
  { name: 'two refreshes of one placement at once', drive: 'twoAtOnce', expect: 'either', message: /.+/ },
  { name: '409 upsert_branch_changed once', fault: onControl(/by-public-id/, 'upsert-race', 1), drive: 'update', expect: 'ok' },
  // Every attempt loses the race (the fault fires on each request that carries it): the retries run out.
  {
    name: '409 upsert_branch_changed always',
    fault: onControl(/by-public-id/, 'upsert-race'),
    drive: 'update',
    cleanRun: false,
    expect: 'failed',
    message: /someone else changed the same report/,
  },

  { name: '409 publicId taken', fault: onControl(/by-public-id/, 'status=409'), drive: 'update', expect: 'failed', message: /publicId/ },
  { name: '403 on edit for a viewer', drive: 'updateAsViewer', expect: 'failed', message: /not allowed|access/ },
];
