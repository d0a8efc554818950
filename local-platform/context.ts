/** What every route handler gets: the platform's shared state and the one request's parameters, faults and caller checks. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ControlDb } from './database';
import type { DeploymentDirectory } from './deployments';
import type { DevKeys } from './dev-credentials';
import type { ControlFaults } from './faults';
import type { UserDirectory } from './report-view';
import type { Warehouse } from './warehouse/warehouse';

export interface PlatformContext {
  db: ControlDb;
  keys: DevKeys;
  jwtSecret: string;
  users: UserDirectory;
  /** The deployments and environments (fixed for the server's life). */
  deployments: DeploymentDirectory;
  warehouse: Warehouse;
  /** Epoch milliseconds (injectable for tests of token expiry). */
  now(): number;
  /** Base URL (scheme, host, port) the server answers on. */
  url(): string;
  faultsEnabled: boolean;
  continueWaitHoldMs: number;
  /** The OpenAPI document, built once the URL is known. */
  spec(): unknown;
}

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Control-plane faults of this request (none unless the platform runs with faults). */
  faults: ControlFaults;
  platform: PlatformContext;
}

/** A JSON answer; handlers that stream write to `res` themselves and return null. */
export interface JsonReply {
  status: number;
  body: unknown;
}

export type Handler = (ctx: RequestContext) => Promise<JsonReply | null>;
