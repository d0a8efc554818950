/**
 * POST {deploymentUrl}/svcjs-api/v1/svcsql: hands the request to the warehouse's streaming endpoint.
 * It applies this platform's auth and faults.
 */
import { authenticateQuery } from '../auth';
import type { Handler } from '../context';
import { findDeployment, visibleTo } from '../deployments';
import { FAULT_HEADER } from '../faults';
import { HttpError } from '../http-io';
import { parseQueryFaults } from '../warehouse/query-faults';
import { handleSqlQuery } from '../warehouse/sql-endpoint';

export const runSqlQuery: Handler = async ({ req, res, params, platform }) => {
  const deploymentId = params.deploymentId ?? '';
  const deployment = findDeployment(platform.deployments, deploymentId);
  const auth = authenticateQuery(req.headers.authorization, platform.keys);
  // Only a valid key learns that a deployment does not exist: without one, every deployment answers the same 403.
  if (!deployment && auth.verdict === 'ok') throw new HttpError(404, `Deployment ${deploymentId} not found.`);
  await handleSqlQuery(req, res, {
    warehouse: platform.warehouse,
    deploymentId,
    authorize: () => {
      if (auth.verdict !== 'ok') return auth.verdict;
      // A key whose user may not see the deployment (admin-only) is refused like any other wrong credential.
      return deployment && visibleTo(deployment, auth.principal) ? 'ok' : 'invalid';
    },
    // Admission and parked queries are per user: a parked result is never adopted by another key.
    callerOf: () => (auth.verdict === 'ok' ? `user:${auth.principal.user.id}` : ''),
    faults: platform.faultsEnabled ? parseQueryFaults(req.headers[FAULT_HEADER]) : null,
    continueWaitHoldMs: platform.continueWaitHoldMs,
  });
  return null;
};
