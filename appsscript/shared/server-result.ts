/** What every server function gives the sidebar: a value or an error, as plain JSON. */
import { z } from 'zod';

/** An AddinError's `data` as plain JSON: what the pane reads from it (a blocked insert's cells, an orphaned placement) crosses too. */
export const errorDataSchema = z.record(z.string(), z.json());

export const serverErrorSchema = z.object({
  kind: z.string(),
  message: z.string(),
  code: z.string().optional(),
  detail: z.string().optional(),
  data: errorDataSchema.optional(),
});
export type ServerError = z.infer<typeof serverErrorSchema>;

export type ServerResult<T> = { ok: true; value: T } | { ok: false; error: ServerError };
