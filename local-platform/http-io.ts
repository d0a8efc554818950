/** JSON request and response helpers of the control plane, and HttpError: every error body is `{"error": ...}` (plus `code`). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

/** An error that becomes an HTTP response with body `{error, code?}`. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, code?: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export const MAX_BODY_BYTES = 1024 * 1024;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: HttpError): void {
  const body: { error: string; code?: string } = { error: error.message };
  if (error.code !== undefined) body.code = error.code;
  sendJson(res, error.status, body, error.headers);
}

/** `bytes` as UTF-8 text, or null when they are not valid UTF-8 (never replaced by U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Reads the whole body (at most MAX_BODY_BYTES, valid UTF-8, nested at most MAX_JSON_DEPTH deep) and parses it as JSON;
 * an empty body reads as `{}`.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
    chunks.push(buf);
  }
  const text = decodeUtf8(Buffer.concat(chunks));
  if (text === null) throw new HttpError(400, 'The request body is not valid UTF-8; send JSON encoded as UTF-8.');
  if (text.trim() === '') return {};
  if (nestsDeeperThan(text)) throw new HttpError(400, `The request body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

/** Parses `value` with `schema`; a failure is a 400 naming the first offending field. */
export function parseOr400<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : '(body)';
  throw new HttpError(400, `Invalid ${what}: ${field}: ${issue?.message ?? 'invalid value'}`);
}
