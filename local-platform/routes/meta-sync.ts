/** POST .../tokens-for-meta-sync (4.4) and GET {rest.url}/meta, the one route such a token opens. */
import { metaSyncTokenRequestSchema } from '../../src/core/wire/schemas';
import { authenticateControlPlane, bearerToken } from '../auth';
import type { Handler } from '../context';
import { requireDeployment } from '../deployments';
import { HttpError, parseOr400, readJsonBody } from '../http-io';
import { checkMetaSyncTokenLimits } from '../body-limits';
import { checkMetaSyncToken, issueMetaSyncToken } from '../meta-sync-token';
import { checkRoomForToken } from '../stored-growth';

/** Default lifetime of a meta-sync token in seconds (contract part 8). */
export const DEFAULT_EXPIRES_IN = 86400;
/** Longest lifetime accepted: ten years. */
export const MAX_EXPIRES_IN = 10 * 365 * 86400;

export const createMetaSyncToken: Handler = async ({ req, params, platform }) => {
  const caller = authenticateControlPlane(req, platform.keys);
  const body = checkMetaSyncTokenLimits(parseOr400(metaSyncTokenRequestSchema, await readJsonBody(req), 'body'));
  if (body.expires_in !== undefined && body.expires_in > MAX_EXPIRES_IN) {
    throw new HttpError(400, `Invalid body: expires_in: at most ${MAX_EXPIRES_IN} seconds.`);
  }
  const deploymentId = params.deploymentId ?? '';
  const environmentId = params.environmentId ?? '';
  requireDeployment(platform.deployments, deploymentId, caller);
  if (!platform.deployments.environmentsOf(deploymentId).some((e) => e.id === environmentId)) {
    throw new HttpError(404, `Environment ${environmentId} not found in deployment ${deploymentId}.`);
  }
  const issued = await platform.db.transaction(async (sql) => {
    await checkRoomForToken(sql, caller.user.id, new Date(platform.now()).toISOString());
    return issueMetaSyncToken(
      sql,
      {
        deploymentId,
        environmentId,
        userId: caller.user.id,
        securityContext: body.security_context,
        expiresInSeconds: body.expires_in ?? DEFAULT_EXPIRES_IN,
      },
      platform.jwtSecret,
      platform.now(),
    );
  });
  return { status: 200, body: { data: issued } };
};

/** The metadata of the semantic model; the token goes in `Authorization` raw or after `Bearer`. */
export const getMeta: Handler = async ({ req, params, platform }) => {
  const header = req.headers.authorization?.trim();
  if (!header) throw new HttpError(403, "Authorization header isn't set");
  const token = bearerToken(header) ?? header;
  const scope = { deploymentId: params.deploymentId ?? '', environmentId: params.environmentId ?? '' };
  const claims = await platform.db.exclusive((sql) => checkMetaSyncToken(sql, token, scope, platform.jwtSecret, platform.now()));
  if (claims === null) throw new HttpError(403, 'Invalid token');
  return { status: 200, body: platform.warehouse.meta() };
};
