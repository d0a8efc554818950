/**
 * The signed-in platform session of a service: the client of the stored session (read from the credential store once
 * per job), and what this session has learnt from the platform (deployments, environments, metadata, meta-sync tokens).
 */
import { AddinError, isAddinError } from '../errors/addin-error';
import { PlatformClient } from '../api/platform-client';
import { QueryClient } from '../api/query-client';
import type { QueryResult, QueryRunner, QueryRunOptions } from '../api/query-result';
import type { Deployment, Environment, Meta } from '../wire/schemas';
import type { Transport } from '../api/transport';
import type { SlowStreamLimit } from '../api/rate-floor';
import type { Clock } from '../runtime/clock';
import type { CredentialStore } from '../host';
import type { QueryContext } from '../placements/placement-types';
import { MetaTokenCache } from './meta-token-cache';
import type { LastKnownReport } from './placement-view';
import { loadSession, type StoredSession } from './session-store';

export interface PlatformSessionDeps {
  credentials: CredentialStore;
  transport: Transport;
  clock: Clock;
  random: () => number;
  timezone: string;
  throwContinueWait: boolean;
  /** Bytes of one query result the runtime can take (Apps Script's fetch caps a response at 50 MB). */
  maxResultBytes?: number;
  /** How long a streamed query result may bring no byte (default: the query client's). */
  idleTimeoutMs?: number;
  /** How long one control-plane call may take (default: the platform client's). */
  callTimeoutMs?: number;
  /** The slowest a streamed query result may arrive (default: the query client's). */
  slowStream?: Partial<SlowStreamLimit>;
}

function sessionKey(s: StoredSession): string {
  return JSON.stringify([s.tenantUrl, s.apiKey, s.authScheme]);
}

function environmentKey(deploymentId: string, environmentId: string): string {
  return JSON.stringify([deploymentId, environmentId]);
}

export function signInFirst(): AddinError {
  return new AddinError('unauthenticated', 'Sign in first: enter your Tenant URL and API key.');
}

export class PlatformSession {
  private client: { key: string; api: PlatformClient; session: StoredSession } | null = null;
  private deployments: Deployment[] | null = null;
  private readonly environments = new Map<string, Environment[]>();
  /** Metadata per environment, read once a session for header titles (a failed read is not kept). */
  private readonly metas = new Map<string, Promise<Meta>>();
  private readonly tokens = new MetaTokenCache();
  /**
   * What the platform last said about each placement's report to this signed-in key (status, rights): access is per key,
   * so another key (a sign-out, a sign-in as someone else) starts with nothing known.
   */
  readonly lastKnown = new Map<string, LastKnownReport>();
  /** Reports whose rights this key was asked about at a list load (report-rights.ts): asked once a session. */
  readonly rightsAsked = new Set<number>();

  constructor(private readonly deps: PlatformSessionDeps) {}

  makeClient(session: StoredSession): PlatformClient {
    const { transport, clock, random, callTimeoutMs } = this.deps;
    return new PlatformClient({
      ...{ baseUrl: session.tenantUrl, apiKey: session.apiKey, transport, clock, random },
      ...(callTimeoutMs === undefined ? {} : { callTimeoutMs }),
    });
  }

  /** After a sign-in: this session's client and the deployments it was checked with. */
  adopt(session: StoredSession, api: PlatformClient, deployments: Deployment[]): void {
    this.reset();
    this.client = { key: sessionKey(session), api, session };
    this.deployments = deployments;
  }

  /** The client of the stored session, read from the credential store now (a job's start); 'unauthenticated' when nobody is signed in. */
  async platform(): Promise<PlatformClient> {
    const session = await loadSession(this.deps.credentials);
    if (session === null) {
      this.reset();
      throw signInFirst();
    }
    const key = sessionKey(session);
    if (this.client?.key !== key) {
      this.reset();
      this.client = { key, api: this.makeClient(session), session };
    } else this.client.session = session;
    return this.client.api;
  }

  /** The session as the job's start read it (its confirmations included), or null before any read. */
  stored(): StoredSession | null {
    return this.client?.session ?? null;
  }

  /** The client read at the job's start, without reading the credential store again (read it when there is none). */
  async current(): Promise<PlatformClient> {
    return this.client?.api ?? this.platform();
  }

  /** Forgets the client and everything learnt with it. */
  reset(): void {
    this.client = null;
    this.deployments = null;
    this.environments.clear();
    this.metas.clear();
    this.tokens.clear();
    this.lastKnown.clear();
    this.rightsAsked.clear();
  }

  async listDeployments(): Promise<Deployment[]> {
    const list = await (await this.current()).listDeployments();
    this.deployments = list;
    return list;
  }

  async listEnvironments(deploymentId: string): Promise<Environment[]> {
    const list = await (await this.current()).listEnvironments(deploymentId);
    this.environments.set(deploymentId, list);
    return list;
  }

  /** The environment's metadata read now (and kept for this session's header titles). */
  async meta(deploymentId: string, environmentId: string): Promise<Meta> {
    const meta = await this.fetchMeta(deploymentId, environmentId);
    this.metas.set(environmentKey(deploymentId, environmentId), Promise.resolve(meta));
    return meta;
  }

  /** The environment's metadata as read earlier this session, else read now (concurrent callers share one read). */
  sessionMeta(deploymentId: string, environmentId: string): Promise<Meta> {
    const key = environmentKey(deploymentId, environmentId);
    const cached = this.metas.get(key);
    if (cached !== undefined) return cached;
    const read = this.fetchMeta(deploymentId, environmentId);
    this.metas.set(key, read);
    read.catch(() => {
      if (this.metas.get(key) === read) this.metas.delete(key);
    });
    return read;
  }

  /** The environment's metadata through a meta-sync token (cached until shortly before it expires; renewed once if refused). */
  private async fetchMeta(deploymentId: string, environmentId: string): Promise<Meta> {
    const api = await this.current();
    const restUrl = await this.restUrl(deploymentId, environmentId);
    for (let attempt = 1; ; attempt++) {
      let token = this.tokens.get(deploymentId, environmentId, this.deps.clock.now());
      const cached = token !== null;
      if (token === null) {
        const issued = await api.createMetaSyncToken(deploymentId, environmentId, { security_context: {} });
        this.tokens.put(deploymentId, environmentId, issued);
        token = issued.token;
      }
      try {
        return await api.getMeta(restUrl, token);
      } catch (e) {
        // A cached token the server no longer accepts (revoked, clock skew): drop it and mint one again, once.
        if (cached && attempt === 1 && isAddinError(e) && e.kind === 'unauthenticated') {
          this.tokens.drop(deploymentId, environmentId);
          continue;
        }
        throw e;
      }
    }
  }

  private async deploymentUrl(deploymentId: string): Promise<string> {
    let found = this.deployments?.find((d) => d.id === deploymentId);
    if (found === undefined) found = (await this.listDeployments()).find((d) => d.id === deploymentId);
    if (found === undefined) {
      throw new AddinError(
        'notFound',
        `Deployment ${deploymentId} is not available to you: choose another deployment, or ask an admin for access.`,
        {
          data: { deploymentId },
        },
      );
    }
    return found.deploymentUrl;
  }

  private async restUrl(deploymentId: string, environmentId: string): Promise<string> {
    let found = this.environments.get(deploymentId)?.find((e) => e.id === environmentId);
    if (found === undefined) found = (await this.listEnvironments(deploymentId)).find((e) => e.id === environmentId);
    if (found === undefined) {
      throw new AddinError(
        'notFound',
        `Environment ${environmentId} is not in deployment ${deploymentId} anymore: choose the environment again.`,
        {
          data: { deploymentId, environmentId },
        },
      );
    }
    return found.api_credentials.rest.url;
  }

  /** The query runner of a placement's deployment, signed with the user's own API key (the query API takes it raw or Bearer). */
  runnerFor(context: QueryContext): QueryRunner {
    return {
      run: async (options: QueryRunOptions): Promise<QueryResult> => {
        await this.current();
        const session = this.client?.session;
        if (session === undefined) throw signInFirst();
        const deploymentUrl = await this.deploymentUrl(context.deploymentId);
        const { transport, clock, random, timezone } = this.deps;
        const client = new QueryClient({
          deploymentUrl,
          credential: session.apiKey,
          authScheme: session.authScheme,
          transport,
          clock,
          random,
          defaultTimezone: timezone,
          throwContinueWait: this.deps.throwContinueWait,
          ...(this.deps.maxResultBytes === undefined ? {} : { maxResultBytes: this.deps.maxResultBytes }),
          ...(this.deps.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: this.deps.idleTimeoutMs }),
          ...(this.deps.slowStream === undefined ? {} : { slowStream: this.deps.slowStream }),
        });
        return client.run(options);
      },
    };
  }
}
