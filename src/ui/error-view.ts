/** Turns any thrown value into what a message bar shows: title, message, what to do, intent and an optional action; never a stack. */
import { z } from 'zod';
import type { AddinErrorKind } from '../core/errors/addin-error';
import { BUG_REPORT_HINT, isAddinError } from '../core/errors/addin-error';

export type ErrorAction = 'signInAgain';

export interface ErrorView {
  kind: AddinErrorKind | 'unknown';
  intent: 'error' | 'warning' | 'info';
  title: string;
  message: string;
  /** What to do next, in words. */
  hint: string | null;
  /** Technical detail shown under the message (never instead of it). */
  detail: string | null;
  action: ErrorAction | null;
  /** Cells named by a 'blocked' error (A1 labels; the first few when there are many). */
  cells: string[];
  /** How many cells a 'blocked' error found in the way (more than `cells` lists when there are many). */
  cellCount: number;
  /** A 'blocked' error caused by another report's cells, which no overwrite can take. */
  otherPlacement: boolean;
}

interface KindText {
  title: string;
  /** What to do next, unless the message already says it (`said`). */
  hint: string | null;
  /** Matches a message that already gives the hint's advice (the service words some errors with it): the hint is then left out. */
  said?: RegExp;
  intent?: ErrorView['intent'];
  action?: ErrorAction;
}

const KIND_TEXT: Record<AddinErrorKind, KindText> = {
  unauthenticated: {
    title: 'Not signed in',
    hint: 'Sign in again with a valid API key.',
    said: /\bsign in again\b/i,
    action: 'signInAgain',
  },
  forbidden: { title: 'Not allowed', hint: 'Ask the report owner or an administrator for access.', said: /\bask\b[^.]*\baccess\b/i },
  notFound: {
    title: 'Not found',
    hint: 'It may have been deleted: reload the list or choose another one.',
    // Sign-in words a 404 as "check the Tenant URL"; the platform's own 404s already say to reload.
    said: /\bcheck the tenant url\b|\breload\b/i,
  },
  validation: { title: 'Check the report', hint: 'Correct the fields named above and try again.', intent: 'warning' },
  publicIdTaken: { title: 'Could not save the report', hint: 'Save it as a new report.' },
  upsertRaceLost: { title: 'Could not save the report', hint: 'Someone saved it at the same time: try again.' },
  ambiguousLegacyId: { title: 'Could not save the report', hint: 'Ask an administrator to assign the report a public id.' },
  server: { title: 'The platform failed', hint: 'Try again in a moment.' },
  network: {
    title: 'Cannot reach the platform',
    hint: 'Check the Tenant URL and your connection, then try again.',
    said: /\bcheck the tenant url\b/i,
  },
  contract: {
    title: 'Unexpected answer from the platform',
    hint: 'Update the add-in or contact your administrator.',
    said: /\bcheck the tenant url\b/i,
  },
  cancelled: { title: 'Cancelled', hint: null, intent: 'info' },
  query: { title: 'The query failed', hint: "Check the report's fields or SQL." },
  continueWait: { title: 'Still preparing the data', hint: 'Try again in a moment.', intent: 'warning' },
  stream: { title: 'The result arrived incomplete', hint: 'Try again; nothing was changed.' },
  blocked: {
    title: 'Cells in the way',
    hint: 'Choose another cell or clear the named cells.',
    // A placed report that no longer fits where it is says what can be done there (Refresh and Edit have no cell picker).
    said: /\bchoose another cell\b|\binsert it at another cell\b/i,
    intent: 'warning',
  },
  handEdited: {
    title: 'Edited by hand',
    hint: 'Locate the cells, then overwrite them or skip this report.',
    said: /\boverwrite\b[^.]*\bskip\b/i,
    intent: 'warning',
  },
  limit: { title: 'Too much data', hint: 'Add filters or a row limit to return fewer rows.', said: /\blimit the rows\b/i },
  hostBusy: {
    title: 'The spreadsheet is busy',
    hint: 'Leave the cell you are editing, then try again.',
    said: /\bleave the cell\b/i,
    intent: 'warning',
  },
  host: {
    title: 'The spreadsheet could not do that',
    hint: 'Finish editing any cell, then try again.',
    // The host's own message says what to do (reopen the sidebar, reload): no second, unrelated hint.
    said: /\btry again\b|\breload\b/i,
  },
  internal: {
    title: 'Something went wrong in the add-in',
    hint: BUG_REPORT_HINT,
    // The core's message already asks for the report (internalError says BUG_REPORT_HINT).
    said: /\bthis is a bug\b/i,
  },
};

const looseErrorSchema = z.object({
  kind: z.string(),
  message: z.string(),
  detail: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
const cellsSchema = z.array(z.string());
const countSchema = z.number().int().nonnegative();

function isKind(kind: string): kind is AddinErrorKind {
  return Object.prototype.hasOwnProperty.call(KIND_TEXT, kind);
}

/** A placement whose cells were deleted: its message says what to do (remove it or insert again), reloading the list would not help. */
const ORPHANED_TEXT: KindText = { title: "The report's cells were deleted", hint: null };

/** A refused cell (a bound parameter cell) is named by its message with what to enter there: no form's hint is added. */
const CELL_VALIDATION_TEXT: KindText = { title: KIND_TEXT.validation.title, hint: null, intent: 'warning' };

function build(kind: AddinErrorKind, message: string, detail: string | undefined, data: Record<string, unknown> | undefined): ErrorView {
  const text =
    kind === 'notFound' && data?.['orphaned'] === true
      ? ORPHANED_TEXT
      : kind === 'validation' && typeof data?.['cell'] === 'string'
        ? CELL_VALIDATION_TEXT
        : KIND_TEXT[kind];
  const cells = cellsSchema.safeParse(data?.['cells']);
  const listed = cells.success ? cells.data : [];
  const total = countSchema.safeParse(data?.['total']);
  return {
    kind,
    intent: text.intent ?? 'error',
    title: text.title,
    message,
    hint: text.said?.test(message) === true ? null : text.hint,
    detail: detail && !message.includes(detail) ? detail : null,
    action: text.action ?? null,
    cells: listed,
    cellCount: total.success ? Math.max(total.data, listed.length) : listed.length,
    otherPlacement: data?.['otherPlacement'] === true,
  };
}

export interface ErrorViewOptions {
  /** The SQL the user wrote (or the builder showed), to point a query error at the user's own line. */
  sql?: string | null;
  /** The error is shown on the sign-in form: its words are about the Tenant URL and API key, not a report. */
  signIn?: boolean;
  /** The error is shown on a card or the list, which has no fields: a validation error gets no "correct the fields" hint. */
  card?: boolean;
}

/** A validation error on the sign-in form is about its two fields. */
const SIGN_IN_VALIDATION = { title: 'Check the sign-in details', hint: 'Correct the Tenant URL or API key and sign in again.' };

export function toErrorView(error: unknown, options: ErrorViewOptions = {}): ErrorView {
  if (isAddinError(error)) return finish(build(error.kind, error.message, error.detail, error.data), options);
  const loose = looseErrorSchema.safeParse(error);
  if (loose.success && isKind(loose.data.kind))
    return finish(build(loose.data.kind, loose.data.message, loose.data.detail, loose.data.data), options);
  const message =
    error instanceof Error && error.message ? error.message : typeof error === 'string' ? error : 'An unexpected error occurred.';
  return {
    kind: 'unknown',
    intent: 'error',
    title: 'Something went wrong',
    message,
    hint: 'Try again; if it keeps happening, reload the add-in.',
    detail: null,
    action: null,
    cells: [],
    cellCount: 0,
    otherPlacement: false,
  };
}

/** The engine's "LINE 1: <sql> ^" context: it quotes the SQL as the platform rewrote it, which the user never wrote. */
const ENGINE_CONTEXT = /\s*\bLINE \d+:[\s\S]*$/;
const LEADING_QUERY_FAILED = /^The query failed( after [^:]*)?: /;
/** Names an engine message quotes: `"lifetme_value"`, `name lifetme_value`, `column lifetme_value`. */
const QUOTED_NAME = /"([^"\n]{1,100})"|\b(?:name|column|table|function)\s+([A-Za-z_][\w.]*)/g;

/** The first line of `sql` that holds one of the names the message quotes, as "Line 3 of your SQL: …". */
function userSqlContext(message: string, sql: string): string | null {
  const lines = sql.split(/\r?\n/);
  for (const m of message.matchAll(QUOTED_NAME)) {
    const name = (m[1] ?? m[2] ?? '').toLowerCase();
    if (name === '') continue;
    const at = lines.findIndex((line) => line.toLowerCase().includes(name));
    if (at >= 0) return `Line ${at + 1} of your SQL: ${(lines[at] ?? '').trim()}`;
  }
  return null;
}

/**
 * A query error said once: the title already says "The query failed", so the message does not repeat it, the engine's
 * text is not repeated as detail, and the engine's quote of the rewritten SQL gives way to the user's own line.
 */
function finish(view: ErrorView, options: ErrorViewOptions): ErrorView {
  if (options.signIn === true && view.kind === 'validation') return { ...view, ...SIGN_IN_VALIDATION };
  if (options.card === true && view.kind === 'validation') return { ...view, hint: null };
  if (view.kind !== 'query') return view;
  const partial = LEADING_QUERY_FAILED.exec(view.message)?.[1];
  let message = view.message.replace(LEADING_QUERY_FAILED, '').replace(ENGINE_CONTEXT, '').trim();
  if (partial !== undefined) message = `Stopped${partial}: ${message}`;
  const sql = options.sql ?? null;
  const detail = sql === null || sql.trim() === '' ? null : userSqlContext(message, sql);
  return { ...view, message, detail };
}

/** "Sheet1!B5, Sheet1!C7 and 3 more cells"; `total` counts cells beyond those listed (default: the cells listed). */
export function describeCells(cells: readonly string[], shown = 3, total = cells.length): string {
  if (cells.length === 0) return 'some cells';
  const head = cells.slice(0, shown);
  const rest = Math.max(total, cells.length) - head.length;
  if (rest === 0) {
    if (head.length === 1) return head[0] ?? '';
    return `${head.slice(0, -1).join(', ')} and ${head[head.length - 1] ?? ''}`;
  }
  return `${head.join(', ')} and ${rest} more ${rest === 1 ? 'cell' : 'cells'}`;
}
