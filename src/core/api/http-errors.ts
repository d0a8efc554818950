/** Maps an HTTP error answer (status and body) or a network failure to an AddinError whose message says what to do. */
import { AddinError, type AddinErrorKind } from '../errors/addin-error';
import { capWireText, MAX_ID_TEXT } from '../errors/wire-text';
import { errorBodySchema } from '../wire/schemas';
import { CODE_AMBIGUOUS_LEGACY_ID, CODE_UPSERT_BRANCH_CHANGED } from '../wire/wire-names';

/** Which API answered: the control plane (API key), the SQL query API (JWT) or the metadata route (meta-sync token). */
export type ApiName = 'control' | 'query' | 'meta';

/** The access a request needs; chooses the advice of a 403 (contract 5.3: read, edit, create; the upsert needs edit or create). */
export type AccessNeeded = 'read' | 'edit' | 'create' | 'edit-or-create';

export interface HttpErrorContext {
  api: ApiName;
  /** What the user was doing, as a verb phrase that completes "Could not ...": `save the report`. */
  action: string;
  access?: AccessNeeded;
}

/** The error body as far as it could be read: the server's message, or an excerpt of a body that is not the documented JSON. */
export interface ParsedErrorBody {
  message: string | undefined;
  code: string | undefined;
  requestId: string | undefined;
}

/** Longest server text carried into a message. */
export const MAX_SERVER_TEXT = 300;

/** Server error texts and codes that mean "the credential itself is bad" rather than "this principal lacks a right". */
const CREDENTIAL_TEXT = [
  /\b(invalid|expired|revoked|unknown|malformed|missing|bad)\s+(api[\s_-]?key|access[\s_-]?token|token|credentials?|jwt|authorization|bearer)\b/i,
  /\b(api[\s_-]?key|token|credentials?|jwt|authorization header)\s+(is\s+|has\s+|was\s+)?(invalid|expired|revoked|missing|malformed|not set|isn't set|not valid)\b/i,
  /\b(unauthenticated|not authenticated|authentication failed|jwt expired)\b/i,
];
const CREDENTIAL_CODES = new Set([
  'unauthenticated',
  'invalid_token',
  'invalid_api_key',
  'token_expired',
  'invalid_credentials',
  'expired_token',
]);

/** True when a 403 body says the credential was refused (so signing in again helps), not that a right is missing. */
export function bodySaysCredentialInvalid(body: ParsedErrorBody): boolean {
  if (body.code !== undefined && CREDENTIAL_CODES.has(body.code.toLowerCase())) return true;
  const text = body.message;
  return text !== undefined && CREDENTIAL_TEXT.some((re) => re.test(text));
}

/** Reads an error body: the documented `{error, code?}` JSON, a JSON `message`, or a short plain-text excerpt (HTML tags dropped). */
export function parseErrorBody(bodyText: string): ParsedErrorBody {
  const trimmed = bodyText.trim();
  const none: ParsedErrorBody = { message: undefined, code: undefined, requestId: undefined };
  if (trimmed.length === 0) return none;
  let json: unknown;
  let isJson = false;
  try {
    json = JSON.parse(trimmed);
    isJson = true;
  } catch {
    // not JSON: an excerpt of the text below
  }
  if (isJson) {
    const parsed = errorBodySchema.safeParse(json);
    if (parsed.success) {
      const { code, requestId } = parsed.data;
      return {
        message: excerpt(parsed.data.error),
        code: code === undefined ? undefined : capWireText(code, MAX_ID_TEXT),
        requestId: requestId === undefined ? undefined : capWireText(requestId, MAX_ID_TEXT),
      };
    }
    if (typeof json === 'object' && json !== null && 'message' in json && typeof json.message === 'string') {
      return { ...none, message: excerpt(json.message) };
    }
  }
  const text = /<[a-z!/][^>]*>/i.test(trimmed)
    ? trimmed.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ')
    : trimmed;
  const message = excerpt(text);
  return { ...none, message: message === '' ? undefined : message };
}

function excerpt(text: string): string {
  return capWireText(text.replace(/\s+/g, ' ').trim(), MAX_SERVER_TEXT);
}

const FORBIDDEN_ADVICE: Record<AccessNeeded | 'unknown', string> = {
  edit: 'ask the report owner or an admin for edit access to this report',
  read: 'ask the report owner or an admin to share the report with you (read access is enough)',
  create: 'ask an admin for the right to create reports in this deployment',
  'edit-or-create':
    'ask the report owner or an admin for edit access to this report (or, for a new report, for the right to create reports)',
  unknown: 'ask the report owner or an admin for access',
};

/** The typed error for a non-2xx answer. */
export function errorFromResponse(status: number, bodyText: string, context: HttpErrorContext): AddinError {
  const body = parseErrorBody(bodyText);
  const { api, action } = context;
  const server = body.message;
  const make = (kind: AddinErrorKind, message: string): AddinError =>
    new AddinError(kind, message, {
      status,
      ...(body.code === undefined ? {} : { code: body.code }),
      detail: server === undefined ? `HTTP ${status}` : `HTTP ${status}: ${server}`,
      data: {
        api,
        action,
        ...(server === undefined ? {} : { serverMessage: server }),
        ...(body.requestId === undefined ? {} : { requestId: body.requestId }),
      },
    });
  const unauthenticated = (): AddinError =>
    make(
      'unauthenticated',
      api === 'meta'
        ? `Could not ${action}: the platform refused the metadata token. Reload the field list; if this happens again, sign in again.`
        : api === 'query'
          ? `Sign in again: the platform refused your credentials for queries (could not ${action}).`
          : `Sign in again: the API key was refused (could not ${action}).`,
    );

  if (status === 401) return unauthenticated();
  if (status === 403) {
    // Query API and /meta answer 403 for a bad token (wire-facts); the control plane uses 403 for rights.
    if (api !== 'control' || bodySaysCredentialInvalid(body)) return unauthenticated();
    return make('forbidden', `You are not allowed to ${action}: ${FORBIDDEN_ADVICE[context.access ?? 'unknown']}.`);
  }
  if (status === 404 || status === 410) {
    return make(
      'notFound',
      api === 'meta'
        ? `Could not ${action}: the metadata API was not found at this environment's URL. Choose the environment again.`
        : `Could not ${action}: the platform found nothing there. It may have been deleted or moved to another deployment; reload and try again.`,
    );
  }
  if (status === 409) return conflict(body, action, make);
  if (status === 408 || status === 429 || status >= 500) {
    const busy = status === 429 ? 'is busy' : status === 408 ? 'timed out' : `failed (HTTP ${status})`;
    return make(
      'server',
      `Could not ${action}: the platform ${busy}. Try again in a moment; if it keeps failing, contact your administrator.`,
    );
  }
  if (status === 413)
    return make('limit', `Could not ${action}: the request is larger than the platform accepts. Make it smaller and try again.`);
  // 400 and any other 4xx: the request was refused as sent.
  return make(
    'validation',
    `The platform rejected the request to ${action}${server === undefined ? '' : `: ${server}`}. Correct it and try again.`,
  );
}

/** The 409s of the report upsert, told apart by the body's `code` (contract 7.3). */
function conflict(body: ParsedErrorBody, action: string, make: (kind: AddinErrorKind, message: string) => AddinError): AddinError {
  if (body.code === undefined) {
    return make(
      'publicIdTaken',
      `Could not ${action}: its publicId already belongs to a report in another deployment. Use another publicId.`,
    );
  }
  if (body.code === CODE_UPSERT_BRANCH_CHANGED) {
    return make('upsertRaceLost', `Could not ${action}: someone else changed the same report at the same moment. Try again.`);
  }
  if (body.code === CODE_AMBIGUOUS_LEGACY_ID) {
    return make(
      'ambiguousLegacyId',
      `Could not ${action}: its id is a legacy id shared by more than one report, so nothing was changed. ` +
        'Give the report its own publicId (PUT /reports/{reportId} with a new publicId), then use that publicId.',
    );
  }
  return make(
    'validation',
    `Could not ${action}: the platform reported a conflict (${body.code})${body.message === undefined ? '' : `: ${body.message}`}. Reload and try again.`,
  );
}

/** A failure to reach the server at all (DNS, refused connection, reset, CORS). */
export function networkError(cause: unknown, action = 'reach the platform'): AddinError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new AddinError(
    'network',
    `Could not ${action}: the platform could not be reached. Check your connection and the tenant URL, then try again.`,
    {
      detail,
      cause,
    },
  );
}

/** A call that had no whole answer within its deadline: it was stopped, nothing was changed. */
export function callTimedOut(action: string, timeoutMs: number): AddinError {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return new AddinError(
    'network',
    `Could not ${action}: the platform did not answer within ${seconds} s, so the add-in stopped waiting. Nothing was changed. ` +
      'Try again; if it keeps happening, check your connection or contact your administrator.',
    { code: 'callTimeout', data: { timeoutMs } },
  );
}
