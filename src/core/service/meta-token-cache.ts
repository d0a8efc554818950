/** Meta-sync tokens per environment, reused until shortly before they expire. */
import type { MetaSyncToken } from '../wire/schemas';

/** A token is renewed this long before its `expires_at`. */
export const TOKEN_RENEW_MARGIN_MS = 5 * 60_000;

export class MetaTokenCache {
  private readonly tokens = new Map<string, { token: string; renewAt: number }>();

  private static key(deploymentId: string, environmentId: string): string {
    return `${deploymentId}\u0000${environmentId}`;
  }

  /** The cached token while `now` is before its renewal time. */
  get(deploymentId: string, environmentId: string, now: number): string | null {
    const hit = this.tokens.get(MetaTokenCache.key(deploymentId, environmentId));
    return hit !== undefined && now < hit.renewAt ? hit.token : null;
  }

  /** Keeps `issued` until TOKEN_RENEW_MARGIN_MS before its expiry; an unreadable expiry is not cached at all. */
  put(deploymentId: string, environmentId: string, issued: MetaSyncToken): void {
    const expires = Date.parse(issued.expires_at);
    if (Number.isNaN(expires)) return;
    this.tokens.set(MetaTokenCache.key(deploymentId, environmentId), { token: issued.token, renewAt: expires - TOKEN_RENEW_MARGIN_MS });
  }

  drop(deploymentId: string, environmentId: string): void {
    this.tokens.delete(MetaTokenCache.key(deploymentId, environmentId));
  }

  clear(): void {
    this.tokens.clear();
  }
}
