/** Who is calling: dev API keys on the control plane (Bearer) and on the query API (raw or Bearer); meta-sync tokens only on /meta. */
import type { IncomingMessage } from 'node:http';
import { DEV_USERS, rightsOf, type DevKeys, type DevUser, type Rights, type Role } from './dev-credentials';
import { HttpError } from './http-io';

export interface Principal {
  user: DevUser;
  rights: Rights;
}

function userForKey(key: string, keys: DevKeys): DevUser | null {
  const role = (Object.keys(keys) as Role[]).find((r) => keys[r] === key);
  return role === undefined ? null : (DEV_USERS.find((u) => u.role === role) ?? null);
}

/** The second word of `Bearer <x>` (case-insensitive scheme), or null. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

/** The control plane's caller from `Authorization: Bearer <API key>`; anything else is 401. */
export function authenticateControlPlane(req: IncomingMessage, keys: DevKeys): Principal {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === '') {
    throw new HttpError(401, 'Authorization header is missing: send "Authorization: Bearer <API key>".');
  }
  const token = bearerToken(header);
  if (token === null) throw new HttpError(401, 'Authorization header must be "Bearer <API key>".');
  const user = userForKey(token, keys);
  if (user === null) throw new HttpError(401, 'Invalid API key.');
  return { user, rights: rightsOf(user.role) };
}

export type QueryAuth = { verdict: 'missing' } | { verdict: 'invalid' } | { verdict: 'ok'; principal: Principal };

/** The query API's check: a dev API key, raw or after `Bearer` (no other scheme); a meta-sync token or anything else is invalid. */
export function authenticateQuery(header: string | undefined, keys: DevKeys): QueryAuth {
  if (header === undefined || header.trim() === '') return { verdict: 'missing' };
  const words = header.trim().split(/\s+/);
  // Section 5: the credential raw, or after the `Bearer` scheme; any other scheme or shape is invalid.
  const token = words.length === 1 ? words[0] : words.length === 2 && /^Bearer$/i.test(words[0] ?? '') ? words[1] : undefined;
  const user = token === undefined ? null : userForKey(token, keys);
  return user === null ? { verdict: 'invalid' } : { verdict: 'ok', principal: { user, rights: rightsOf(user.role) } };
}
