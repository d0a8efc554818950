/** Meta-sync tokens (2.6, 4.4, 5.5): HS256 JWTs scoped to one environment's /meta route, recorded (ids and times, not the context) in control.meta_sync_tokens. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Sql } from './database';
import { signJwt, verifyJwt } from './jwt';

/** The claim that marks a meta-sync token; the control plane and the query API accept no JWT at all. */
export const META_SYNC_TOKEN_USE = 'meta-sync';

const claimsSchema = z.object({
  use: z.literal(META_SYNC_TOKEN_USE),
  jti: z.string(),
  sub: z.string(),
  deploymentId: z.string(),
  environmentId: z.string(),
  securityContext: z.record(z.string(), z.unknown()),
  iat: z.number(),
  exp: z.number(),
});
export type MetaSyncClaims = z.infer<typeof claimsSchema>;

export interface IssuedToken {
  token: string;
  created_at: string;
  expires_at: string;
}

export async function issueMetaSyncToken(
  sql: Sql,
  input: {
    deploymentId: string;
    environmentId: string;
    userId: number;
    securityContext: Record<string, unknown>;
    expiresInSeconds: number;
  },
  secret: string,
  nowMs: number,
): Promise<IssuedToken> {
  const jti = randomUUID();
  const expMs = nowMs + input.expiresInSeconds * 1000;
  const claims: MetaSyncClaims = {
    use: META_SYNC_TOKEN_USE,
    jti,
    sub: String(input.userId),
    deploymentId: input.deploymentId,
    environmentId: input.environmentId,
    securityContext: input.securityContext,
    iat: Math.floor(nowMs / 1000),
    exp: expMs / 1000,
  };
  const createdAt = new Date(nowMs).toISOString();
  const expiresAt = new Date(expMs).toISOString();
  await sql.run(
    'INSERT INTO control.meta_sync_tokens (jti, deployment_id, environment_id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [jti, input.deploymentId, input.environmentId, input.userId, createdAt, expiresAt],
  );
  return { token: signJwt(claims, secret), created_at: createdAt, expires_at: expiresAt };
}

/**
 * The claims of a valid token issued by this platform for this environment: signature and `exp` checked, then the
 * stored record of its `jti` (deployment, environment, user, expiry) must agree and be unexpired; else null.
 */
export async function checkMetaSyncToken(
  sql: Sql,
  token: string,
  scope: { deploymentId: string; environmentId: string },
  secret: string,
  nowMs: number,
): Promise<MetaSyncClaims | null> {
  const checked = verifyJwt(token, secret, claimsSchema, nowMs);
  if (!checked.ok) return null;
  const claims = checked.payload;
  if (claims.deploymentId !== scope.deploymentId || claims.environmentId !== scope.environmentId) return null;
  // The stored record decides, not the token's own claims: a token re-signed with other claims matches no record.
  const issued = await sql.all('SELECT deployment_id, environment_id, user_id, expires_at FROM control.meta_sync_tokens WHERE jti = $1', [
    claims.jti,
  ]);
  const record = issued.length === 1 ? issued[0] : undefined;
  if (record === undefined) return null;
  const expiresAtMs = Date.parse(String(record.expires_at));
  const matches =
    String(record.deployment_id) === scope.deploymentId &&
    String(record.environment_id) === scope.environmentId &&
    String(record.user_id) === claims.sub &&
    Number.isFinite(expiresAtMs) &&
    expiresAtMs > nowMs &&
    Math.abs(expiresAtMs - claims.exp * 1000) < 1000;
  return matches ? claims : null;
}
