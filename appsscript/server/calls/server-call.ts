/**
 * How the functions the sidebar calls take and give data: arguments parsed with zod, results and errors as plain JSON.
 * Errors travel as JSON because google.script.run drops an Error's kind and refuses Dates and functions.
 */
import { z } from 'zod';
import { AddinError, isAddinError, type AddinErrorKind } from '../../../src/core/errors/addin-error';
import { errorDataSchema, type ServerError, type ServerResult } from '../../shared/server-result';

/** Parses a sidebar's arguments; bad input is a `validation` AddinError naming the first offending field. */
export function parseArgs<S extends z.ZodType>(schema: S, raw: unknown, fn: string): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(arguments)';
  throw new AddinError(
    'validation',
    `The add-in sent ${fn} bad input (${field}: ${issue?.message ?? 'invalid'}). Reload the sidebar and try again.`,
    {
      detail: parsed.error.message,
      data: { field },
    },
  );
}

/** The error as plain JSON; anything not an AddinError is a `host` failure with its message. */
export function serverError(e: unknown): ServerError {
  if (isAddinError(e)) {
    const out: ServerError = { kind: e.kind, message: e.message };
    if (e.code !== undefined) out.code = e.code;
    if (e.detail !== undefined) out.detail = e.detail;
    const data = plainData(e.data);
    if (data !== undefined) out.data = data;
    return out;
  }
  const message = e instanceof Error ? e.message : String(e);
  return { kind: 'host' satisfies AddinErrorKind, message: `Google Sheets reported an error: ${message}` };
}

/** An error's data as plain JSON (undefined members dropped), or undefined when it is empty or not JSON at all. */
function plainData(data: Record<string, unknown>): ServerError['data'] {
  if (Object.keys(data).length === 0) return undefined;
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(data));
  } catch {
    return undefined;
  }
  const parsed = errorDataSchema.safeParse(copy);
  return parsed.success ? parsed.data : undefined;
}

/** Runs a sidebar-callable function: a JSON round trip guards that only plain JSON goes back. */
export function serverCall<T>(fn: () => T): ServerResult<T> {
  try {
    const value = fn();
    return { ok: true, value: JSON.parse(JSON.stringify(value ?? null)) as T };
  } catch (e) {
    return { ok: false, error: serverError(e) };
  }
}
