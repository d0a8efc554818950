/**
 * The control-plane client (deployments, environments, meta-sync tokens, reports, placements) plus the metadata route.
 * It runs past 300 lines because it is one class: the control plane's endpoints share its retry, paging and answer checks.
 */
import { AddinError, ContractError, cancelledError, isAddinError } from '../errors/addin-error';
import { callTimedOut, errorFromResponse, networkError, type AccessNeeded, type ApiName } from './http-errors';
import { DEFAULT_CALL_TIMEOUT_MS, withDeadline } from './deadline';
import { MAX_ANSWER_BYTES, MAX_ERROR_BODY_BYTES, answerTooLarge, isBodyTooLarge } from './body-limit';
import { LIST_LIMITS, listBudget, type ListBudget, type ListLimits } from './list-budget';
import { publicIdProblem } from './public-id';
import { parseServiceUrl } from './service-url';
import { withRetry, type RetryOptions } from './retry';
import {
  connectWorkbookBodySchema,
  deploymentListSchema,
  environmentListSchema,
  metaSchema,
  metaSyncTokenRequestSchema,
  metaSyncTokenResponseSchema,
  reportCreateBodySchema,
  reportSchema,
  reportUpdateBodySchema,
  reportUpsertBodySchema,
  type ConnectWorkbookBody,
  type Deployment,
  type Environment,
  type EnvironmentType,
  type Meta,
  type MetaSyncToken,
  type MetaSyncTokenRequest,
  type Report,
  type ReportCreateBody,
  type ReportUpdateBody,
  type ReportUpsertBody,
} from '../wire/schemas';
import { raceCancel } from '../runtime/cancel-race';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { Clock } from '../runtime/clock';
import type { Transport, TransportRequest, TransportResponse } from './transport';
import { formatFieldPath, parseWireJson } from '../wire/wire-parse';
import { META_PATH, REQUEST_ID_HEADER, paths } from '../wire/wire-names';
import { utf8ByteLength } from '../ndjson/utf8-length';
import type { z } from 'zod';

export interface PlatformClientOptions {
  /** The tenant URL (`https://acme.example.com`); a trailing slash is tolerated. */
  baseUrl: string;
  /** API key or access token, sent as `Authorization: Bearer <apiKey>` (contract 5.1). */
  apiKey: string;
  transport: Transport;
  clock: Clock;
  /** Uniform in [0, 1): backoff jitter and request ids. */
  random: () => number;
  /** Items asked for per list page (default 100; the server may answer fewer). */
  pageSize?: number;
  /** Overrides of the retry policy (attempts are capped at 4 whatever is asked). */
  retry?: Pick<RetryOptions, 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs' | 'maxTotalWaitMs'>;
  /** The most items and answer bytes kept of one listing over all its pages (default LIST_LIMITS). */
  listLimits?: Partial<ListLimits>;
  /**
   * How long one call (one page of a listing) may take, retries included, before it fails (default
   * DEFAULT_CALL_TIMEOUT_MS; Infinity turns it off). A clock whose sleep blocks the runtime (Apps Script) times nothing.
   */
  callTimeoutMs?: number;
}

/** Options every call accepts. */
export interface CallOptions {
  signal?: CancelSignal;
  /** The span id of the user action this call belongs to (sent as `x-request-id: <spanId>-span-<n>`); minted when absent. */
  spanId?: string;
}

export const DEFAULT_PAGE_SIZE = 100;
/** A list longer than this many pages is taken as a server that never finishes. */
export const MAX_PAGES = 500;

/** Sixteen lowercase hex digits from a uniform [0, 1) source. */
export function mintRequestSpan(random: () => number): string {
  let id = '';
  for (let i = 0; i < 16; i++) id += '0123456789abcdef'.charAt(Math.min(15, Math.floor(random() * 16)));
  return id;
}

interface RequestSpec<S extends z.ZodType> {
  method: TransportRequest['method'];
  /** Told the UTF-8 size of a 2xx answer before it is parsed (a listing counts its pages); may throw to refuse it. */
  onAnswer?: (bytes: number) => void;
  url: string;
  authorization: string;
  body?: unknown;
  api: ApiName;
  action: string;
  access?: AccessNeeded;
  /** What the response is, for a ContractError (`report`, `deployment list`). */
  what: string;
  schema: S;
  retry: boolean;
}

/** One call's span and request counter: every request of the call (pages, retries) gets the next `-span-<n>`. */
interface Span {
  id: string;
  n: number;
}

export class PlatformClient {
  private readonly baseUrl: string;
  private readonly auth: string;
  private readonly pageSize: number;
  private readonly listLimits: ListLimits;

  constructor(private readonly options: PlatformClientOptions) {
    const base = parseServiceUrl(options.baseUrl, 'The tenant URL').base;
    if (options.apiKey.trim() === '') throw new AddinError('unauthenticated', 'Sign in first: no API key is set.');
    this.baseUrl = base;
    this.auth = `Bearer ${options.apiKey.trim()}`;
    this.pageSize = Math.max(1, Math.floor(options.pageSize ?? DEFAULT_PAGE_SIZE));
    this.listLimits = { ...LIST_LIMITS, ...options.listLimits };
  }

  /** Every deployment the caller can access (4.2), all pages. */
  async listDeployments(opts: CallOptions = {}): Promise<Deployment[]> {
    const action = 'list your deployments';
    const page = (offset: number, span: Span, budget: ListBudget) =>
      this.request(
        {
          method: 'GET',
          url: this.url(paths.deployments(), { offset: String(offset), limit: String(this.pageSize) }),
          authorization: this.auth,
          api: 'control',
          action,
          what: 'deployment list',
          schema: deploymentListSchema,
          retry: true,
          onAnswer: budget.answer,
        },
        opts,
        span,
      ).then((r) => ({ items: r.data.deployments, total: r.pagination.total }));
    return this.allPages(page, { what: 'deployment list', field: 'data.deployments', action }, opts);
  }

  /** Every environment of a deployment (4.3), all pages; `filter.type` is passed as the `type` query parameter. */
  async listEnvironments(deploymentId: string, filter: { type?: EnvironmentType } = {}, opts: CallOptions = {}): Promise<Environment[]> {
    const action = `list the environments of deployment ${deploymentId}`;
    const page = (offset: number, span: Span, budget: ListBudget) => {
      const query: Record<string, string> = { offset: String(offset), limit: String(this.pageSize) };
      if (filter.type !== undefined) query['type'] = filter.type;
      return this.request(
        {
          method: 'GET',
          url: this.url(paths.environments(deploymentId), query),
          authorization: this.auth,
          api: 'control',
          action,
          what: 'environment list',
          schema: environmentListSchema,
          retry: true,
          onAnswer: budget.answer,
        },
        opts,
        span,
      ).then((r) => ({ items: r.data.environments, total: r.pagination.total }));
    };
    return this.allPages(page, { what: 'environment list', field: 'data.environments', action }, opts);
  }

  /** A JWT for the metadata routes of one environment (4.4). Retried: minting a token stores nothing. */
  async createMetaSyncToken(
    deploymentId: string,
    environmentId: string,
    body: MetaSyncTokenRequest,
    opts: CallOptions = {},
  ): Promise<MetaSyncToken> {
    const action = 'get a metadata token for this environment';
    const r = await this.request(
      {
        method: 'POST',
        url: this.url(paths.metaSyncToken(deploymentId, environmentId)),
        authorization: this.auth,
        body: checkBody(metaSyncTokenRequestSchema, body, action),
        api: 'control',
        action,
        what: 'meta-sync token',
        schema: metaSyncTokenResponseSchema,
        retry: true,
      },
      opts,
    );
    return r.data;
  }

  /** The cubes and views visible to `token` (a meta-sync JWT, sent raw) at an environment's REST URL. */
  async getMeta(restUrl: string, token: string, opts: CallOptions = {}): Promise<Meta> {
    return this.request(
      {
        method: 'GET',
        url: `${parseServiceUrl(restUrl, "The environment's metadata URL").base}${META_PATH}`,
        authorization: token,
        api: 'meta',
        action: 'load the fields of this environment',
        what: 'metadata',
        schema: metaSchema,
        retry: true,
      },
      opts,
    );
  }

  /** Creates or updates the report keyed by `publicId` (4.9). Idempotent, so transient failures are retried. */
  async upsertReport(deploymentId: string, publicId: string, body: ReportUpsertBody, opts: CallOptions = {}): Promise<Report> {
    // Messages name the report as the user knows it; the publicId only when the body carries no name.
    const action = body.name === undefined ? `save report ${publicId}` : `save the report "${body.name}"`;
    const problem = publicIdProblem(publicId);
    if (problem !== undefined) throw new AddinError('validation', `Could not ${action}: ${problem}.`, { data: { field: 'publicId' } });
    if (body.publicId !== undefined && body.publicId !== publicId) {
      throw new AddinError('validation', `Could not ${action}: the body's publicId "${body.publicId}" differs from the one in the path.`, {
        data: { field: 'publicId' },
      });
    }
    return this.request(
      {
        method: 'PUT',
        url: this.url(paths.reportByPublicId(deploymentId, publicId)),
        authorization: this.auth,
        body: checkBody(reportUpsertBodySchema, body, action),
        api: 'control',
        action,
        access: 'edit-or-create',
        what: 'report',
        schema: reportSchema,
        retry: true,
      },
      opts,
    );
  }

  /** Gives an existing report its own publicId (write-once) with `PUT /reports/{reportId}`: the fix for an ambiguous legacy id. */
  async assignPublicId(
    deploymentId: string,
    reportId: number,
    publicId: string,
    fields: ReportUpdateBody = {},
    opts: CallOptions = {},
  ): Promise<Report> {
    const action = `give report ${reportId} the publicId ${publicId}`;
    const problem = publicIdProblem(publicId);
    if (problem !== undefined) throw new AddinError('validation', `Could not ${action}: ${problem}.`, { data: { field: 'publicId' } });
    return this.request(
      {
        method: 'PUT',
        url: this.url(paths.reportById(deploymentId, reportId)),
        authorization: this.auth,
        body: checkBody(reportUpdateBodySchema, { ...fields, publicId }, action),
        api: 'control',
        action,
        access: 'edit',
        what: 'report',
        schema: reportSchema,
        retry: true,
      },
      opts,
    );
  }

  /** Creates a report with a server-chosen id (`POST /reports`). Not idempotent, so never retried. */
  async createReport(deploymentId: string, body: ReportCreateBody, opts: CallOptions = {}): Promise<Report> {
    const action = `create report "${body.name}"`;
    return this.request(
      {
        method: 'POST',
        url: this.url(paths.reports(deploymentId)),
        authorization: this.auth,
        body: checkBody(reportCreateBodySchema, body, action),
        api: 'control',
        action,
        access: 'create',
        what: 'report',
        schema: reportSchema,
        retry: false,
      },
      opts,
    );
  }

  /** Records (upserts) this workbook's placement of a report (4.10); needs read access only; retried (idempotent). */
  async connectWorkbook(deploymentId: string, reportId: number, body: ConnectWorkbookBody, opts: CallOptions = {}): Promise<Report> {
    const action = `record where report ${reportId} is placed in this workbook`;
    return this.request(
      {
        method: 'PUT',
        url: this.url(paths.connectWorkbook(deploymentId, reportId)),
        authorization: this.auth,
        body: checkBody(connectWorkbookBodySchema, body, action),
        api: 'control',
        action,
        access: 'read',
        what: 'report',
        schema: reportSchema,
        retry: true,
      },
      opts,
    );
  }

  private url(path: string, query?: Record<string, string>): string {
    const qs =
      query === undefined
        ? ''
        : Object.entries(query)
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
            .join('&');
    return `${this.baseUrl}${path}${qs === '' ? '' : `?${qs}`}`;
  }

  /**
   * Follows offset pagination to the end: stops at `total` or an empty page; a page that adds nothing new is a contract
   * breach, and a listing past its budget of items or answer bytes (listLimits) is refused where it passes it.
   */
  private async allPages<T extends { id: string }>(
    page: (offset: number, span: Span, budget: ListBudget) => Promise<{ items: T[]; total: number }>,
    list: { what: string; field: string; action: string },
    opts: CallOptions,
  ): Promise<T[]> {
    const { what, field } = list;
    const span: Span = { id: opts.spanId ?? mintRequestSpan(this.options.random), n: 0 };
    const budget = listBudget(this.listLimits, list.action);
    const items: T[] = [];
    const seen = new Set<string>();
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const { items: got, total } = await page(items.length, span, budget);
      if (got.length === 0) return items;
      let fresh = 0;
      for (const item of got) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        items.push(item);
        fresh++;
      }
      budget.items(items.length);
      if (fresh === 0)
        throw new ContractError(
          what,
          field,
          `repeats items already listed at offset ${items.length}: the server does not advance its pages`,
        );
      if (items.length >= total) return items;
    }
    throw new ContractError(what, 'pagination.total', `was not reached after ${MAX_PAGES} pages`);
  }

  /** One call within its deadline: validate, send (with retries when idempotent), map errors, parse the response by its schema. */
  private async request<S extends z.ZodType>(spec: RequestSpec<S>, opts: CallOptions, span?: Span): Promise<z.output<S>> {
    if (opts.signal?.cancelled) throw cancelledError();
    const callSpan: Span = span ?? { id: opts.spanId ?? mintRequestSpan(this.options.random), n: 0 };
    const timeoutMs = this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    return withDeadline(
      this.options.clock,
      timeoutMs,
      opts.signal,
      (signal) => this.send(spec, signal, callSpan),
      () => callTimedOut(spec.action, timeoutMs),
    );
  }

  /** The call's requests, stopped when `signal` trips (the caller's cancel or the deadline). */
  private async send<S extends z.ZodType>(spec: RequestSpec<S>, signal: CancelSignal, callSpan: Span): Promise<z.output<S>> {
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const once = async (): Promise<z.output<S>> => {
      callSpan.n += 1;
      const headers: Record<string, string> = {
        Authorization: spec.authorization,
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [REQUEST_ID_HEADER]: `${callSpan.id}-span-${callSpan.n}`,
      };
      const request: TransportRequest = { method: spec.method, url: spec.url, headers, signal };
      if (body !== undefined) request.body = body;
      let response: TransportResponse | undefined;
      let text: string;
      let limit = MAX_ANSWER_BYTES;
      try {
        response = await raceCancel(this.options.transport(request), signal);
        const ok = response.status >= 200 && response.status <= 299;
        limit = ok ? MAX_ANSWER_BYTES : MAX_ERROR_BODY_BYTES;
        text = await raceCancel(response.text(limit), signal);
      } catch (e) {
        if (signal.cancelled) throw cancelledError();
        if (response !== undefined && isBodyTooLarge(e)) throw answerTooLarge(spec.action, response.status, limit);
        if (isAddinError(e)) throw e;
        throw networkError(e, spec.action);
      }
      if (response.status < 200 || response.status > 299) {
        throw errorFromResponse(response.status, text, {
          api: spec.api,
          action: spec.action,
          ...(spec.access === undefined ? {} : { access: spec.access }),
        });
      }
      spec.onAnswer?.(utf8ByteLength(text));
      return parseWireJson(spec.schema, text, spec.what);
    };
    if (!spec.retry) return once();
    const { retry } = this.options;
    return withRetry(once, { clock: this.options.clock, random: this.options.random, ...retry, signal });
  }
}

/** The body as its schema outputs it (unknown keys dropped), or a validation error naming the field. */
function checkBody<S extends z.ZodType>(schema: S, body: unknown, action: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue === undefined ? '' : formatFieldPath(issue.path);
  throw new AddinError('validation', `Could not ${action}: ${field || 'the request'} ${issue?.message ?? 'is invalid'}.`, {
    detail: parsed.error.message,
    data: { field },
  });
}
