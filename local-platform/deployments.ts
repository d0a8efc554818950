/** Deployments and environments as stored, filtered by what the caller may see, and their absolute URLs. */
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

export async function allDeployments(sql: Sql): Promise<DeploymentRecord[]> {
  const rows = await sql.all('SELECT * FROM control.deployments ORDER BY position, id');
  return rows.map((r) => ({ id: String(r.id), name: String(r.name), createdAt: String(r.created_at), adminOnly: r.admin_only === true }));
}

export const visibleTo = (d: DeploymentRecord, caller: Principal): boolean => !d.adminOnly || caller.rights.allDeployments;

/** The deployment if it exists and the caller may see it; 404 otherwise (an invisible deployment is not revealed). */
export async function requireDeployment(sql: Sql, id: string, caller: Principal): Promise<DeploymentRecord> {
  const found = (await allDeployments(sql)).find((d) => d.id === id);
  if (!found || !visibleTo(found, caller)) throw new HttpError(404, `Deployment ${id} not found.`);
  return found;
}

export async function environmentsOf(sql: Sql, deploymentId: string): Promise<EnvironmentRecord[]> {
  const rows = await sql.all('SELECT * FROM control.environments WHERE deployment_id = $1 ORDER BY position, id', [deploymentId]);
  return rows.map((r) => ({
    id: String(r.id),
    deploymentId: String(r.deployment_id),
    name: String(r.name),
    type: environmentTypeSchema.parse(r.type),
  }));
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
