/** The sign-in fields as the user typed them, checked before any request: the session to try, or what to correct. */
import { parseServiceUrl } from '../api/service-url';
import { AddinError } from '../errors/addin-error';
import { isAuthScheme } from '../wire/auth-scheme';
import type { SignInInput } from './addin-service';
import type { StoredSession } from './session-store';

function normalizeTenantUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The session the typed fields describe; a validation error names the field to correct. */
export function sessionOfInput(input: SignInInput): StoredSession {
  const typedUrl = normalizeTenantUrl(input.tenantUrl);
  const apiKey = input.apiKey.trim();
  if (typedUrl === '') throw new AddinError('validation', 'Enter the Tenant URL, for example https://your-tenant.example.com.');
  // Refused before any request: http:// to another computer, a user name or key inside the address.
  const tenantUrl = parseServiceUrl(typedUrl, 'The Tenant URL').base;
  if (apiKey === '') throw new AddinError('validation', 'Enter your API key.');
  if (!isAuthScheme(input.authScheme))
    throw new AddinError('validation', `Unknown auth scheme "${String(input.authScheme)}": choose auto, bearer or api-key.`);
  return { tenantUrl, apiKey, authScheme: input.authScheme };
}
