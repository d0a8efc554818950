/** GET /deployments and GET /deployments/{id}/environments (4.2, 4.3): paginated, environments filtered by `type`. */
import { environmentTypeSchema } from '../../src/core/wire/schemas';
import { authenticateControlPlane } from '../auth';
import type { Handler } from '../context';
import { deploymentView, environmentView, requireDeployment, visibleTo } from '../deployments';
import { HttpError } from '../http-io';
import { listEnvelope, parsePage } from '../pagination';

export const listDeployments: Handler = async ({ req, query, platform }) => {
  const caller = authenticateControlPlane(req, platform.keys);
  const page = parsePage(query);
  const visible = platform.deployments.all.filter((d) => visibleTo(d, caller));
  const items = visible.slice(page.offset, page.offset + page.limit).map((d) => deploymentView(d, platform.url()));
  return { status: 200, body: listEnvelope('deployments', items, page, visible.length) };
};

export const listEnvironments: Handler = async ({ req, query, params, platform }) => {
  const caller = authenticateControlPlane(req, platform.keys);
  const page = parsePage(query);
  const typeParam = query.get('type');
  let type: string | null = null;
  if (typeParam !== null) {
    const parsed = environmentTypeSchema.safeParse(typeParam);
    if (!parsed.success) {
      throw new HttpError(400, `type must be one of ${environmentTypeSchema.options.join(', ')} (got "${typeParam}").`);
    }
    type = parsed.data;
  }
  const deploymentId = params.deploymentId ?? '';
  requireDeployment(platform.deployments, deploymentId, caller);
  const environments = platform.deployments.environmentsOf(deploymentId);
  const matching = environments.filter((e) => type === null || e.type === type);
  const items = matching.slice(page.offset, page.offset + page.limit).map((e) => environmentView(e, platform.url()));
  return { status: 200, body: listEnvelope('environments', items, page, matching.length) };
};
