/** The service's errors about what the user did: a failed sign-in, an edit refused for rights, a missing context. */
import { AddinError, isAddinError } from '../errors/addin-error';
import type { WorkbookContext } from './addin-service';

/** A sign-in failure in words about the two fields the user typed. */
export function signInError(e: unknown, tenantUrl: string): unknown {
  if (!isAddinError(e)) return e;
  const options = { cause: e, ...(e.status === undefined ? {} : { status: e.status }), detail: e.detail ?? e.message };
  switch (e.kind) {
    case 'network':
      return new AddinError('network', `Could not reach ${tenantUrl}: check the Tenant URL and your connection.`, options);
    case 'notFound':
    case 'contract':
      return new AddinError(e.kind, `${tenantUrl} did not answer as the platform: check the Tenant URL.`, options);
    case 'unauthenticated':
      return new AddinError(
        'unauthenticated',
        'The platform refused this API key: check the key (and that it belongs to this Tenant URL), then sign in again.',
        options,
      );
    default:
      return e;
  }
}

/** An update refused for lack of rights, said plainly: refreshing still works, saving needs edit access. */
export function updateError(e: unknown, name: string): unknown {
  if (isAddinError(e) && e.kind === 'forbidden') {
    return new AddinError(
      'forbidden',
      `You can refresh "${name}" but not change it: you do not have edit access to this report. Ask the report owner or an admin for edit access.`,
      {
        cause: e,
        ...(e.status === undefined ? {} : { status: e.status }),
        ...(e.detail === undefined ? {} : { detail: e.detail }),
        data: e.data,
      },
    );
  }
  return e;
}

/** The context a job needs, or a validation error asking the user to choose it. */
export function requireContext(context: WorkbookContext): { deploymentId: string; environmentId: string } {
  const { deploymentId, environmentId } = context;
  if (deploymentId === null || environmentId === null) {
    throw new AddinError('validation', 'Choose a deployment and an environment for this workbook first.');
  }
  return { deploymentId, environmentId };
}
