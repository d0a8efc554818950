/** What every server function gives the sidebar: a value or an error, as plain JSON (google.script.run drops an Error's kind). */
import { z } from 'zod';

export const serverErrorSchema = z.object({
  kind: z.string(),
  message: z.string(),
  code: z.string().optional(),
  detail: z.string().optional(),
});
export type ServerError = z.infer<typeof serverErrorSchema>;

export type ServerResult<T> = { ok: true; value: T } | { ok: false; error: ServerError };
