/** The query server the sql-endpoint tests share (2000 rows, a 150 ms Continue hold) and the timestamp and date shapes. */
import { startQueryServer, type QueryServer } from './query-server';

export let server: QueryServer;

/** Starts the query server before the calling file's tests and closes it after them. */
export function useSqlEndpointServer(): void {
  beforeAll(async () => {
    server = await startQueryServer({ rows: 2000, continueWaitHoldMs: 150 });
  });
  afterAll(async () => {
    await server.close();
  });
}

export const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
