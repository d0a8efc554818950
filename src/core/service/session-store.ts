/**
 * The signed-in session (tenant URL, API key, auth scheme) and the tenant URL last signed in to, kept in the host's
 * per-user credential store only, never in the document.
 */
import { z } from 'zod';
import type { CredentialStore } from '../host';
import { PRODUCT_PREFIX } from '../wire/wire-names';
import { AUTH_SCHEMES } from '../wire/auth-scheme';
import { parseServiceUrl } from '../api/service-url';

/** Digests a session keeps at most (see placement-confirmations.ts): a few workbooks' worth, within a 9 KB user property. */
export const MAX_CONFIRMED = 300;

/** Credential-store key of the session (ours, not a wire name). */
export const SESSION_KEY = `${PRODUCT_PREFIX}.session`;

const sessionSchema = z.object({
  tenantUrl: z.string().min(1).max(2_000),
  apiKey: z.string().min(1).max(2_000),
  authScheme: z.enum(AUTH_SCHEMES),
  /** Digests of the placements this person placed or confirmed (automation/placement-confirmations.ts); absent: none. */
  confirmed: z
    .array(z.string().regex(/^[0-9a-f]{16}$/))
    .max(MAX_CONFIRMED)
    .optional(),
});
export type StoredSession = z.infer<typeof sessionSchema>;

/** The stored session, or null when there is none or it is unreadable (then the user signs in again). */
export async function loadSession(store: CredentialStore): Promise<StoredSession | null> {
  const raw = await store.get(SESSION_KEY);
  if (raw === null || raw === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null; // written by something else: treated as signed out, and replaced at the next sign-in
  }
  const parsed = sessionSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export async function saveSession(store: CredentialStore, session: StoredSession): Promise<void> {
  await store.set(SESSION_KEY, JSON.stringify(sessionSchema.parse(session)));
}

export async function clearSession(store: CredentialStore): Promise<void> {
  await store.remove(SESSION_KEY);
}

/** Credential-store key of the tenant URL last signed in to: kept at sign-out, it prefills the next sign-in. */
export const LAST_TENANT_KEY = `${PRODUCT_PREFIX}.lastTenantUrl`;

/** The tenant URL last signed in to, or null when none is kept or what is kept is no tenant URL the add-in would use. */
export async function loadLastTenantUrl(store: CredentialStore): Promise<string | null> {
  const raw = await store.get(LAST_TENANT_KEY);
  if (raw === null || raw === '' || raw.length > 2048) return null;
  try {
    return parseServiceUrl(raw, 'The last Tenant URL').base;
  } catch {
    return null;
  }
}

export async function saveLastTenantUrl(store: CredentialStore, tenantUrl: string): Promise<void> {
  await store.set(LAST_TENANT_KEY, tenantUrl);
}
