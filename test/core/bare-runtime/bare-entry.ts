/**
 * The script the bare-runtime test bundles: an insert and a refresh through the real query client, stream decoder, cells,
 * planner, orchestrator and memory host, over a UrlFetchApp-like synchronous fetch (the report store is faked).
 */
import { QueryClient } from '../../../src/core/api/query-client';
import type { Transport, TransportResponse } from '../../../src/core/api/transport';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import { Orchestrator } from '../../../src/core/placements/orchestrator';
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';
import { countingBytes, fakeClock, FakeReports } from '../placements/fakes';

/** What the Apps Script server hands over, as UrlFetchApp does it: synchronous, the whole answer at once (JSON in and out). */
export type UrlFetch = (requestJson: string) => string;

interface FetchAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A Transport over the synchronous fetch: the body is one chunk, as a buffered transport gives it. */
function urlFetchTransport(urlFetch: UrlFetch): Transport {
  return async (request) => {
    const answer = JSON.parse(
      urlFetch(JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body: request.body ?? null })),
    ) as FetchAnswer;
    const response: TransportResponse = {
      status: answer.status,
      headers: answer.headers,
      text: async () => answer.body,
      chunks: async function* () {
        yield answer.body;
      },
    };
    return response;
  };
}

/** Inserts `sql` at B2 of a new memory workbook, reads the cells, refreshes, reads them again; the answer as JSON text. */
export async function insertAndRefresh(urlFetch: UrlFetch, deploymentUrl: string, apiKey: string, sql: string): Promise<string> {
  const model = new WorkbookModel({ name: 'Server.xlsx' });
  const host = new MemoryHost(model, { mintWorkbookId: () => 'wb-bare' });
  const clock = fakeClock();
  let seed = 7;
  const random = (): number => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  const orchestrator = new Orchestrator({
    host,
    reports: new FakeReports(),
    queries: () =>
      new QueryClient({ deploymentUrl, credential: apiKey, transport: urlFetchTransport(urlFetch), clock, random, defaultTimezone: 'UTC' }),
    clock,
    randomBytes: countingBytes(),
    timezone: 'UTC',
  });
  const sheetId = model.sheets()[0]?.id ?? '';
  const cellsOf = (area: { row: number; col: number; rows: number; cols: number }) => model.getValues(sheetId, area);
  const inserted = await orchestrator.insert(
    { deploymentId: '101', environmentId: '1011', name: 'Orders by status', sqlQuery: sql },
    { sheetId, row: 1, col: 1 },
    { signal: createCancelSource().signal },
  );
  const afterInsert = cellsOf(inserted.area);
  const refreshed = await orchestrator.refresh(inserted.placementId, { signal: createCancelSource().signal });
  // A cancelled refresh stops before the query and leaves the cells as they were.
  const stop = createCancelSource();
  stop.cancel();
  const cancelled = await orchestrator.refresh(inserted.placementId, { signal: stop.signal }).then(
    () => 'refreshed',
    (e: unknown) => (e instanceof Error ? e.message : 'failed'),
  );
  const afterRefresh = cellsOf(refreshed.area);
  const afterCancel = cellsOf(refreshed.area);
  return JSON.stringify({ insertedArea: inserted.area, afterInsert, refreshedArea: refreshed.area, afterRefresh, cancelled, afterCancel });
}
