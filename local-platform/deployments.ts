/**
 * Deployments and environments as stored, filtered by what the caller may see, and their absolute URLs. They are
 * written only by the seed at startup (no route creates one, and DuckDB lets one process hold the file), so the
 * server reads them once into a directory: a request's deployment check never waits for the control connection.
 */
import type { Deployment, Environment } from '../src/core/wire/schemas';
import { environmentTypeSchema } from '../src/core/wire/schemas';
import { META_PATH, SQL_QUERY_PATH } from '../src/core/wire/wire-names';
import type { Principal } from './auth';
import type { Sql } from './database';
import { HttpError } from './http-io';

export interface DeploymentRecord {
  id: string;
  name: string;
  createdAt: string;
  adminOnly: boolean;
}

export interface EnvironmentRecord {
  id: string;
  deploymentId: string;
  name: string;
  type: Environment['type'];
}

/** Local URL layout: a deployment's query API lives under `/d/{id}`, an environment's REST API under `/d/{id}/e/{envId}`. */
export const deploymentUrl = (base: string, deploymentId: string): string => `${base}/d/${encodeURIComponent(deploymentId)}`;
export const environmentRestUrl = (base: string, deploymentId: string, environmentId: string): string =>
  `${deploymentUrl(base, deploymentId)}/e/${encodeURIComponent(environmentId)}/svcjs-api/v1`;
/**
 * The port `api_credentials.sql.port` names (2.3). The local platform serves no SQL wire protocol: nothing listens
 * there; the field is present because the contract lists it, and its query API is the HTTP one.
 */
export const SQL_INTERFACE_PORT = 15432;
/** Route templates of the query API and the metadata route, derived from the same layout. */
export const QUERY_ROUTE = `/d/{deploymentId}${SQL_QUERY_PATH}`;
export const META_ROUTE = `/d/{deploymentId}/e/{environmentId}/svcjs-api/v1${META_PATH}`;

/** The deployments and their environments, read once at startup. */
export interface DeploymentDirectory {
  /** Every deployment, in their stored order. */
  readonly all: readonly DeploymentRecord[];
  /** A deployment's environments, in their stored order (empty for an unknown id). */
  environmentsOf(deploymentId: string): readonly EnvironmentRecord[];
}

async function allDeployments(sql: Sql): Promise<DeploymentRecord[]> {
  const rows = await sql.all('SELECT * FROM control.deployments ORDER BY position, id');
  return rows.map((r) => ({ id: String(r.id), name: String(r.name), createdAt: String(r.created_at), adminOnly: r.admin_only === true }));
}

async function allEnvironments(sql: Sql): Promise<EnvironmentRecord[]> {
  const rows = await sql.all('SELECT * FROM control.environments ORDER BY deployment_id, position, id');
  return rows.map((r) => ({
    id: String(r.id),
    deploymentId: String(r.deployment_id),
    name: String(r.name),
    type: environmentTypeSchema.parse(r.type),
  }));
}

/** Reads the stored deployments and environments into a directory. */
export async function loadDeploymentDirectory(sql: Sql): Promise<DeploymentDirectory> {
  const all = await allDeployments(sql);
  const environments = new Map<string, EnvironmentRecord[]>();
  for (const e of await allEnvironments(sql)) {
    const list = environments.get(e.deploymentId) ?? [];
    list.push(e);
    environments.set(e.deploymentId, list);
  }
  return { all, environmentsOf: (deploymentId) => environments.get(deploymentId) ?? [] };
}

export const visibleTo = (d: DeploymentRecord, caller: Principal): boolean => !d.adminOnly || caller.rights.allDeployments;

/** The deployment of that id, whoever asks (undefined when there is none). */
export function findDeployment(directory: DeploymentDirectory, id: string): DeploymentRecord | undefined {
  return directory.all.find((d) => d.id === id);
}

/** The deployment if it exists and the caller may see it; 404 otherwise (an invisible deployment is not revealed). */
export function requireDeployment(directory: DeploymentDirectory, id: string, caller: Principal): DeploymentRecord {
  const found = findDeployment(directory, id);
  if (!found || !visibleTo(found, caller)) throw new HttpError(404, `Deployment ${id} not found.`);
  return found;
}

export function deploymentView(d: DeploymentRecord, base: string): Deployment {
  return { id: d.id, name: d.name, created_at: d.createdAt, deploymentUrl: deploymentUrl(base, d.id) };
}

/** An environment as 2.3 shows it; `sql` names the platform's host and SQL_INTERFACE_PORT (where nothing listens). */
export function environmentView(e: EnvironmentRecord, base: string): Environment {
  return {
    id: e.id,
    name: e.name,
    type: e.type,
    api_credentials: {
      rest: { url: environmentRestUrl(base, e.deploymentId, e.id) },
      sql: { host: new URL(base).hostname, port: SQL_INTERFACE_PORT },
    },
  };
}
