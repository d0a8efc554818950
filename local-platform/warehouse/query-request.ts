/** Reads and validates the query API's request body (strict keys), with the engine's `Invalid query format: ...` messages. */
import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { sqlQueryRequestSchema, type SqlQueryRequest } from '../../src/core/wire/schemas';
import { decodeUtf8 } from '../http-io';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../json-depth';

export const MAX_QUERY_BODY_BYTES = 1024 * 1024;

/** A request the query API refuses before running anything: answered with `status` and `{"type":"UserError","error":...}`. */
export class QueryRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'QueryRequestError';
  }
}

/** Reads the whole body (at most MAX_QUERY_BODY_BYTES, valid UTF-8) and parses it as JSON. */
export async function readQueryBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_QUERY_BODY_BYTES) throw new QueryRequestError(413, `request body exceeds ${MAX_QUERY_BODY_BYTES} bytes`);
    chunks.push(buf);
  }
  const text = decodeUtf8(Buffer.concat(chunks));
  if (text === null) throw new QueryRequestError(400, 'request body is not valid UTF-8');
  if (nestsDeeperThan(text)) throw new QueryRequestError(400, `request body nests more than ${MAX_JSON_DEPTH} levels deep`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new QueryRequestError(400, 'request body is not valid JSON');
  }
}

function describeIssue(issue: z.core.$ZodIssue, body: unknown): string {
  const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'value';
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((k) => `"${k}" is not allowed`).join(', ');
    case 'invalid_type': {
      if (issue.path.length === 0) return '"value" must be of type object';
      const present = typeof body === 'object' && body !== null && (body as Record<string, unknown>)[key] !== undefined;
      return present ? `"${key}" must be a ${issue.expected}` : `"${key}" is required`;
    }
    case 'invalid_value':
      return `"${key}" must be one of [${issue.values.map(String).join(', ')}]`;
    case 'too_small':
      return `"${key}" is not allowed to be empty`;
    default:
      return `"${key}" ${issue.message}`;
  }
}

/** The validated body; throws QueryRequestError(400) naming the first offending key. */
export function parseQueryRequest(body: unknown): SqlQueryRequest {
  const result = sqlQueryRequestSchema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new QueryRequestError(400, issue === undefined ? 'invalid body' : describeIssue(issue, body));
}
