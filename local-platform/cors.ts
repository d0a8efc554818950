/** CORS for every route: configured origins only (others refused), the add-in's headers and methods, preflight answered here. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '../src/core/wire/wire-names';
import { FAULT_HEADER } from './faults';
import { sendJson } from './http-io';

/** The Excel add-in's dev origin: the sideloaded task pane calls the platform from there. */
export const EXCEL_DEV_ORIGIN = 'https://localhost:3000';
export const DEFAULT_ORIGINS: readonly string[] = [EXCEL_DEV_ORIGIN, 'http://localhost:3000'];
export const ALLOWED_HEADERS: readonly string[] = ['Authorization', 'Content-Type', REQUEST_ID_HEADER, FAULT_HEADER];
export const ALLOWED_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'OPTIONS'];

/** Sets the CORS response headers when the request's Origin is allowed. Returns whether it was. */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: ReadonlySet<string>): boolean {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  if (origin === undefined || !origins.has(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', REQUEST_ID_HEADER);
  return true;
}

/**
 * The 403 text when a request carries an Origin not configured, else null. A request without Origin (curl, a server,
 * Apps Script's UrlFetchApp) is no web page's and passes; a page's request from elsewhere is refused, not just left
 * without CORS headers, so that nothing it sends (a report it creates) has any effect.
 */
export function refusedOrigin(req: IncomingMessage, origins: ReadonlySet<string>): string | null {
  const origin = req.headers.origin;
  if (origin === undefined || origins.has(origin)) return null;
  return `Origin ${origin} is not allowed; start the platform with this origin in --origins.`;
}

/** Answers an OPTIONS preflight: 204 with the allowed methods and headers, 403 `{error}` for an origin not configured. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, origins: ReadonlySet<string>): void {
  if (!applyCors(req, res, origins)) {
    sendJson(res, 403, {
      error: `Origin ${req.headers.origin ?? '(none)'} is not allowed; start the platform with this origin in --origins.`,
    });
    return;
  }
  res.writeHead(204, {
    'Access-Control-Allow-Methods': ALLOWED_METHODS.join(', '),
    'Access-Control-Allow-Headers': ALLOWED_HEADERS.join(', '),
    'Access-Control-Max-Age': '600',
    'Content-Length': '0',
  });
  res.end();
}
