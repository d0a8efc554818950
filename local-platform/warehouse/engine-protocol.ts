/**
 * The messages between the server and its query engine process (engine-main.ts), over Node's IPC channel: the server
 * asks to start a query, for its next batch of rows, to interrupt or to close it; the engine answers each start and
 * each batch once. Both sides parse what they receive with these schemas.
 */
import { z } from 'zod';
import { columnTypeSchema } from '../../src/core/wire/schemas';

/** How the engine process is set up (passed as its one argument, JSON). */
export const engineOptionsSchema = z.object({
  /** The warehouse database in memory, or in `<dataDir>/warehouse.duckdb`. */
  memory: z.boolean(),
  dataDir: z.string(),
  rows: z.number().int().nonnegative(),
  seed: z.number().int(),
  memoryLimit: z.string(),
  threads: z.number().int().positive(),
  maxTempDirectorySize: z.string(),
  /** Bytes one result row may take (estimated before it is encoded, checked after); a larger one fails the query. */
  maxRowBytes: z.number().int().positive(),
  /** Bytes of row texts one batch carries at most (a batch holds at least one row). */
  batchBytes: z.number().int().positive(),
});
export type EngineOptions = z.infer<typeof engineOptionsSchema>;

export const engineRequestSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('start'), id: z.number().int(), sql: z.string(), timezone: z.string() }),
  z.object({ op: z.literal('next'), id: z.number().int() }),
  z.object({ op: z.literal('interrupt'), id: z.number().int() }),
  z.object({ op: z.literal('close'), id: z.number().int() }),
]);
export type EngineRequest = z.infer<typeof engineRequestSchema>;

/** Rows of a query as JSON texts of data rows; `done` when the stream has no more, `complete` when it ended well. */
export const engineBatchSchema = z.object({ rows: z.array(z.string()), done: z.boolean(), complete: z.boolean() });
export type EngineBatch = z.infer<typeof engineBatchSchema>;

export const engineReplySchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('ready'), lastRefreshTime: z.string(), generated: z.boolean() }),
  /** The engine could not open the warehouse (a locked file): the start fails with this message. */
  z.object({ op: z.literal('fatal'), message: z.string() }),
  z.object({
    op: z.literal('opened'),
    id: z.number().int(),
    names: z.array(z.string()),
    columnTypes: z.array(columnTypeSchema),
    batch: engineBatchSchema,
  }),
  z.object({ op: z.literal('rows'), id: z.number().int(), batch: engineBatchSchema }),
  z.object({ op: z.literal('failed'), id: z.number().int(), message: z.string() }),
]);
export type EngineReply = z.infer<typeof engineReplySchema>;
