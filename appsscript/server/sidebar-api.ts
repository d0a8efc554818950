/** What the sidebar may call on the server and what each call takes and answers, as zod schemas shared by both sides (the server parses the arguments, the sidebar parses the answers). */
import { z } from 'zod';
import { jobIdSchema, jobRecordSchema } from './job-store';

export const jobArgsSchema = z.object({ jobId: jobIdSchema }).strict();

export const sidebarApi = {
  jobStatus: { args: jobArgsSchema, result: jobRecordSchema.nullable() },
  cancelJob: { args: jobArgsSchema, result: z.null() },
} as const;

export type SidebarApi = typeof sidebarApi;
export type SidebarFunction = keyof SidebarApi;
export type SidebarArgs<K extends SidebarFunction> = z.infer<SidebarApi[K]['args']>;
export type SidebarResult<K extends SidebarFunction> = z.infer<SidebarApi[K]['result']>;
