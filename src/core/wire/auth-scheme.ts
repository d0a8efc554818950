/** The Authorization header value of the SQL query API for a credential and scheme (contract 5.4). */

/** The schemes: `auto` detects a JWT; `bearer` and `api-key` force the form (the `SVC_AUTH_SCHEME` values). */
export const AUTH_SCHEMES = ['auto', 'bearer', 'api-key'] as const;

/** The one definition of the auth scheme (the session, the sign-in form and the query client use it). */
export type AuthScheme = (typeof AUTH_SCHEMES)[number];

export function isAuthScheme(v: string): v is AuthScheme {
  return (AUTH_SCHEMES as readonly string[]).includes(v);
}

const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]+={0,2}$/;
const BEARER_PREFIX = /^bearer\s+/i;

/** True when the credential has the shape of a JWT: three base64url segments separated by dots (the signature may be empty). */
export function isJwtShaped(credential: string): boolean {
  const parts = credential.split('.');
  if (parts.length !== 3) return false;
  const [header, payload, signature] = parts as [string, string, string];
  return BASE64URL_SEGMENT.test(header) && BASE64URL_SEGMENT.test(payload) && (signature === '' || BASE64URL_SEGMENT.test(signature));
}

/**
 * The header value: `auto` sends a JWT-shaped credential raw and anything else as `Bearer <key>`;
 * `bearer` always prefixes, `api-key` always sends raw. A credential already written as `Bearer x` is not prefixed twice.
 */
export function authorizationHeader(credential: string, scheme: AuthScheme): string {
  const raw = credential.trim().replace(BEARER_PREFIX, '');
  switch (scheme) {
    case 'bearer':
      return `Bearer ${raw}`;
    case 'api-key':
      return raw;
    case 'auto':
      return isJwtShaped(raw) ? raw : `Bearer ${raw}`;
  }
}

/** Parses a configured scheme (e.g. the `SVC_AUTH_SCHEME` value); anything unknown or empty means `auto`. */
export function parseAuthScheme(value: string | undefined): AuthScheme {
  const v = (value ?? '').trim().toLowerCase();
  return v === 'bearer' || v === 'api-key' ? v : 'auto';
}
