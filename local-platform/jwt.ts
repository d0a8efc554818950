/** HS256 JSON Web Tokens signed and verified with node:crypto HMAC (no dependency). */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

const headerSchema = z.object({ alg: z.literal('HS256'), typ: z.string().optional() });

export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const body = `${HEADER}.${b64url(JSON.stringify(payload))}`;
  const signature = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${signature}`;
}

export type JwtCheck<T> = { ok: true; payload: T } | { ok: false; reason: string };

/** Verifies the signature and the `exp` claim (seconds) against `nowMs`, then parses the payload with `schema`. */
export function verifyJwt<T>(token: string, secret: string, schema: z.ZodType<T>, nowMs: number): JwtCheck<T> {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'not a JWT' };
  const [header, body, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad signature' };
  let headerJson: unknown;
  let payloadJson: unknown;
  try {
    headerJson = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    payloadJson = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'unreadable token' };
  }
  if (!headerSchema.safeParse(headerJson).success) return { ok: false, reason: 'unsupported algorithm' };
  const exp = z.object({ exp: z.number() }).safeParse(payloadJson);
  if (!exp.success) return { ok: false, reason: 'no expiry' };
  if (exp.data.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  const parsed = schema.safeParse(payloadJson);
  if (!parsed.success) return { ok: false, reason: 'unexpected claims' };
  return { ok: true, payload: parsed.data };
}
