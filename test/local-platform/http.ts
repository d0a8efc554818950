/** Test helpers: real HTTP calls to a started local platform with a dev key, answers parsed as JSON. */
import { startPlatform, type PlatformOptions, type RunningPlatform } from '../../local-platform/server';

export const ADMIN = 'dev-admin-key';
export const EDITOR = 'dev-editor-key';
export const VIEWER = 'dev-viewer-key';

export interface Answer {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `method url` with `Authorization: Bearer <key>` (EDITOR unless `key` says otherwise; null sends none). */
export async function call(method: string, url: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? EDITOR : options.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    ...(options.body !== undefined ? { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** The test platform of a file: in memory, small warehouse, faults on. */
export function testPlatform(extra: Partial<PlatformOptions> = {}): Promise<RunningPlatform> {
  return startPlatform({ port: 0, memory: true, rows: 2000, faults: true, ...extra });
}

let counter = 0;
/** A fresh publicId per call (12 alphanumerics: the prefix, then a counter), unique within one test file. */
export function freshPublicId(prefix = 'test'): string {
  counter += 1;
  return `${prefix}${counter.toString(36).padStart(12 - prefix.length, '0')}`;
}
