/** Parses a value against its wire schema, throwing a ContractError that names the offending field path (`data.items[0].url`). */
import type { z } from 'zod';
import { ContractError } from '../errors/addin-error';

/** Formats a zod issue path the way it reads in JavaScript: names joined by dots, array indexes in brackets. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** The parsed value, or a ContractError about `what` (e.g. `deployment list`) naming the first offending field. */
export function parseWire<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue === undefined ? '' : formatFieldPath(issue.path);
  const problem = issue === undefined ? 'does not match the contract' : describeIssue(issue);
  throw new ContractError(what, field, problem);
}

/** Parses a JSON text and then its schema; text that is not JSON is a ContractError at the root. */
export function parseWireJson<S extends z.ZodType>(schema: S, text: string, what: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const start = text.trim().slice(0, 40).replace(/\s+/g, ' ');
    throw new ContractError(what, '', `is not JSON (it starts with "${start}")`);
  }
  return parseWire(schema, value, what);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is missing';
  return `is invalid (${issue.message})`;
}
