/** Typed errors of the add-in: a machine `kind`, a user-facing message that says what to do, and retry semantics. */
import { capWireText, MAX_ID_TEXT, MAX_WIRE_TEXT } from './wire-text';

/** Every error kind, once: the type, the sidebar's answer parsing and the stored lastError all come from this list. */
export const ADDIN_ERROR_KINDS = [
  'unauthenticated', // 401/403 on credentials: sign in again
  'forbidden', // rights: ask for access
  'notFound',
  'validation', // 400
  'publicIdTaken', // 409 without code: permanent, use another publicId
  'upsertRaceLost', // 409 upsert_branch_changed: transient
  'ambiguousLegacyId', // 409 ambiguous_legacy_id: permanent, assign a publicId with PUT /reports/{id}
  'server', // 5xx
  'network',
  'contract', // a response that does not match the contract
  'cancelled',
  'query', // the query API answered an error line (bad SQL, failure mid-stream)
  'continueWait', // the query API asked to repeat the request
  'stream', // a malformed or truncated stream
  'blocked', // placing would overwrite cells that are not the placement's own
  'handEdited', // a refresh would overwrite cells of the placement that were edited by hand since the add-in wrote them
  'limit', // a host or size limit
  'hostBusy', // the spreadsheet is busy for a moment (Excel while the user edits a cell): wait and retry
  'host', // the spreadsheet (Excel, Google Sheets, the preview) failed or refused a call
  'internal', // an unexpected error inside the add-in: a bug to report
] as const;

export type AddinErrorKind = (typeof ADDIN_ERROR_KINDS)[number];

const KIND_SET: ReadonlySet<string> = new Set(ADDIN_ERROR_KINDS);

/** `kind` when it names an error kind, else 'host' (text from a document or another runtime). */
export function errorKindOr(kind: string, fallback: AddinErrorKind = 'host'): AddinErrorKind {
  return KIND_SET.has(kind) ? (kind as AddinErrorKind) : fallback;
}

/** Characters of an error's message or detail: the server's text they quote (MAX_WIRE_TEXT) and room for the advice. */
export const MAX_ERROR_TEXT = 2 * MAX_WIRE_TEXT;

const TRANSIENT: ReadonlySet<AddinErrorKind> = new Set(['upsertRaceLost', 'server', 'network', 'continueWait']);

export interface AddinErrorOptions {
  status?: number;
  code?: string;
  /** Technical detail (server message, field path); shown under the message, never instead of it. */
  detail?: string;
  cause?: unknown;
  /** Data specific to the kind (blocking cell, discarded rows, line number...). */
  data?: Record<string, unknown>;
}

export class AddinError extends Error {
  readonly kind: AddinErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly data: Record<string, unknown>;

  /** Message and detail are capped (MAX_ERROR_TEXT), the code too: any of them may hold text off the wire. */
  constructor(kind: AddinErrorKind, message: string, options: AddinErrorOptions = {}) {
    super(capWireText(message, MAX_ERROR_TEXT), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AddinError';
    this.kind = kind;
    this.status = options.status;
    this.code = options.code === undefined ? undefined : capWireText(options.code, MAX_ID_TEXT);
    this.detail = options.detail === undefined ? undefined : capWireText(options.detail, MAX_ERROR_TEXT);
    this.data = options.data ?? {};
  }

  /** True for failures that the same request may overcome when repeated. */
  get transient(): boolean {
    return TRANSIENT.has(this.kind);
  }
}

/** A response that does not match its schema; `field` names the first offending path. */
export class ContractError extends AddinError {
  readonly field: string;
  constructor(what: string, field: string, problem: string) {
    super(
      'contract',
      `The platform sent an unexpected ${what}: ${field || '(root)'} ${problem}. Update the add-in or contact your administrator.`,
      {
        detail: `${field}: ${problem}`,
        data: { field },
      },
    );
    this.name = 'ContractError';
    this.field = field;
  }
}

export function isAddinError(e: unknown): e is AddinError {
  return e instanceof AddinError;
}

export function cancelledError(): AddinError {
  return new AddinError('cancelled', 'Cancelled. Nothing was changed.');
}

/** What to include when reporting a bug: said in every 'internal' message. */
export const BUG_REPORT_HINT =
  'This is a bug in the add-in: please report it with what you were doing, the time it happened and this message.';

/** An unexpected error (not raised by the add-in on purpose) as kind 'internal', its message asking for a bug report. */
export function internalError(e: unknown): AddinError {
  const what = e instanceof Error ? e.message : String(e);
  return new AddinError('internal', `Something went wrong inside the add-in: ${what}. ${BUG_REPORT_HINT}`, { cause: e });
}
