/** The add-in's service over a test host and the local platform, and signing it in to a deployment's production environment. */
import { randomBytes } from 'node:crypto';
import type { AddinService } from '../../src/core/service/addin-service';
import type { AddinServiceDeps } from '../../src/core/service/addin-service-deps';
import { createAddinService } from '../../src/core/service/create-addin-service';

/** The dev editor key of the local platform. */
export const EDITOR_KEY = 'dev-editor-key';

/** The service with the test defaults (random ids from Node's crypto, UTC, the platform's URL prefilled) and `deps`. */
export function localService(
  platformUrl: string,
  deps: Pick<AddinServiceDeps, 'host' | 'transport' | 'clock'> & Partial<AddinServiceDeps>,
): AddinService {
  return createAddinService({
    random: Math.random,
    randomBytes: (n) => new Uint8Array(randomBytes(n)),
    defaultTenantUrl: platformUrl,
    timezone: 'UTC',
    ...deps,
  });
}

/** Signs `service` in with `key` and picks `deploymentId`'s production environment, as a user does in the pane. */
export async function signInToProduction(
  service: AddinService,
  platformUrl: string,
  key = EDITOR_KEY,
  deploymentId = '101',
): Promise<void> {
  await service.signIn({ tenantUrl: platformUrl, apiKey: key, authScheme: 'auto' });
  const production = (await service.listEnvironments(deploymentId)).find((e) => e.type === 'production');
  if (!production) throw new Error(`deployment ${deploymentId} has no production environment`);
  await service.setContext({ deploymentId, environmentId: production.id });
}
