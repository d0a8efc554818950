/** A MemoryHost workbook whose add-in service talks to a real local platform the calling test file starts. */
import { fetchTransport, type FetchLike } from '../../../src/browser/fetch-transport';
import { QueryClient } from '../../../src/core/api/query-client';
import type { QueryResult } from '../../../src/core/api/query-result';
import { columnTypeName, type Meta } from '../../../src/core/wire/schemas';
import type { Transport, TransportRequest } from '../../../src/core/api/transport';
import type { Clock } from '../../../src/core/runtime/clock';
import { emptyBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { compileBuilder } from '../../../src/core/builder/compile';
import type { Scalar } from '../../../src/core/host';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import type { AddinService, ReportDraft, ServiceEvent } from '../../../src/core/service/addin-service';
import type { AddinServiceDeps } from '../../../src/core/service/addin-service-deps';
import { startPlatform, type RunningPlatform } from '../../../local-platform/server';
import { localService, signInToProduction } from '../../helpers/local-service';

export const EDITOR = 'dev-editor-key';
export const VIEWER = 'dev-viewer-key';
export const DEPLOYMENT = '101';
export const TIMEZONE = 'UTC';

/** Real time, but pauses (retry backoff, Continue wait) return at once: the tests never wait on a timer. */
export const clock: Clock = {
  now: () => Date.now(),
  sleep: async (_ms, signal) => {
    if (signal?.cancelled) throw new Error('aborted');
  },
};

export const baseTransport = fetchTransport(globalThis.fetch as FetchLike);

/** A transport that lets a test look at (and act on) each request before it goes out. */
export function hookedTransport(): { transport: Transport; before: { fn: ((r: TransportRequest) => TransportRequest | void) | null } } {
  const before: { fn: ((r: TransportRequest) => TransportRequest | void) | null } = { fn: null };
  const transport: Transport = (request) => {
    const changed = before.fn?.(request);
    return baseTransport(changed ?? request);
  };
  return { transport, before };
}

export let platform: RunningPlatform;

/** Starts one in-memory platform (2000 rows, faults on) before the calling file's tests and closes it after them. */
export function usePlatform(): void {
  beforeAll(async () => {
    platform = await startPlatform({ port: 0, memory: true, rows: 2000, faults: true });
  });
  afterAll(() => platform.close());
}

export interface Workbook {
  host: MemoryHost;
  service: AddinService;
  hook: ReturnType<typeof hookedTransport>;
  events: ServiceEvent[];
  sheetId: string;
}

/** The service over this workbook's host and transport, with the test clock and the real platform; `extra` adds deps. */
export function serviceOf(host: MemoryHost, hook: ReturnType<typeof hookedTransport>, extra: Partial<AddinServiceDeps> = {}): AddinService {
  return localService(platform.url, { host, transport: hook.transport, clock, timezone: TIMEZONE, ...extra });
}

export function workbook(name: string): Workbook {
  const host = new MemoryHost(new WorkbookModel({ name }), { mintWorkbookId: () => `wb-${name}` });
  const hook = hookedTransport();
  const service = serviceOf(host, hook);
  const events: ServiceEvent[] = [];
  service.subscribe((e) => events.push(e));
  const sheetId = host.model.sheets()[0]?.id ?? '';
  return { host, service, hook, events, sheetId };
}

/** Reopens the same workbook (same document and credential store) in a new service, as a reloaded pane would. */
export function reopen(wb: Workbook): AddinService {
  return serviceOf(wb.host, wb.hook);
}

export async function signedIn(name: string, key = EDITOR): Promise<Workbook> {
  const wb = workbook(name);
  await signInToProduction(wb.service, platform.url, key, DEPLOYMENT);
  return wb;
}

export { BY_STATUS_SQL, sqlDraft } from '../../helpers/sql-draft';

export function builderDraft(meta: Meta, name: string, partial: Partial<BuilderState>): ReportDraft {
  const state: BuilderState = { ...emptyBuilderState(), view: 'orders', ...partial };
  const c = compileBuilder(state, meta);
  return {
    name,
    description: `${name} (test)`,
    mode: 'builder',
    sqlQuery: c.sqlQuery,
    jsonQuery: c.jsonQuery,
    pivotItems: c.pivotItems,
    builderState: state,
  };
}

/** The same SQL run directly on the platform's query API. */
export async function direct(sql: string): Promise<QueryResult> {
  const deployment = (await (
    await fetch(`${platform.url}/api/v1/deployments`, { headers: { Authorization: `Bearer ${EDITOR}` } })
  ).json()) as {
    data: { deployments: Array<{ id: string; deploymentUrl: string }> };
  };
  const url = deployment.data.deployments.find((d) => d.id === DEPLOYMENT)?.deploymentUrl ?? '';
  return new QueryClient({
    deploymentUrl: url,
    credential: EDITOR,
    transport: baseTransport,
    clock,
    random: Math.random,
    defaultTimezone: TIMEZONE,
  }).run({ query: sql });
}

/** The result as the cells should read: header of `header` (else the column names), numbers as numbers, text as text. */
export function expectedCells(result: QueryResult, header?: string[]): Scalar[][] {
  const numeric = result.columns.map((c) => /^(Int|UInt|Double|Float|Decimal)/.test(columnTypeName(c.column_type)));
  return [
    header ?? result.columns.map((c) => c.name),
    ...result.rows.map((row) => row.map((v, j) => (v === null ? null : numeric[j] && typeof v === 'string' ? Number(v) : v))),
  ];
}

export function cells(wb: Workbook, row: number, col: number, rows: number, cols: number): Scalar[][] {
  return wb.host.model.getValues(wb.sheetId, { row, col, rows, cols });
}

export function documentText(host: MemoryHost): string {
  return JSON.stringify(host.model.toJSON());
}
