/** Tests of the query API Authorization header choice (contract 5.4). */
import fc from 'fast-check';
import { authorizationHeader, isJwtShaped, parseAuthScheme } from '../../../src/core/wire/auth-scheme';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl_-';

describe('authorizationHeader', () => {
  it('auto sends a JWT raw', () => {
    expect(authorizationHeader(JWT, 'auto')).toBe(JWT);
  });

  it('auto sends anything that is not JWT-shaped as Bearer', () => {
    expect(authorizationHeader('sk_live_abc123', 'auto')).toBe('Bearer sk_live_abc123');
    expect(authorizationHeader('a.b', 'auto')).toBe('Bearer a.b');
    expect(authorizationHeader('a.b.c.d', 'auto')).toBe('Bearer a.b.c.d');
    expect(authorizationHeader('a b.c.d', 'auto')).toBe('Bearer a b.c.d');
    expect(authorizationHeader('.b.c', 'auto')).toBe('Bearer .b.c');
  });

  it('bearer forces the prefix, api-key forces raw', () => {
    expect(authorizationHeader(JWT, 'bearer')).toBe(`Bearer ${JWT}`);
    expect(authorizationHeader('sk_live_abc123', 'api-key')).toBe('sk_live_abc123');
  });

  it('never doubles a Bearer prefix the user pasted', () => {
    expect(authorizationHeader('Bearer sk_1', 'bearer')).toBe('Bearer sk_1');
    expect(authorizationHeader(`bearer ${JWT}`, 'auto')).toBe(JWT);
    expect(authorizationHeader('Bearer sk_1', 'api-key')).toBe('sk_1');
  });

  it('three base64url segments are JWT-shaped, whatever their content', () => {
    const seg = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
    fc.assert(
      fc.property(seg, seg, seg, (a, b, c) => {
        const cred = `${a}.${b}.${c}`;
        return isJwtShaped(cred) && authorizationHeader(cred, 'auto') === cred;
      }),
    );
  });
});

describe('parseAuthScheme', () => {
  it('reads the two forced values and defaults to auto', () => {
    expect(parseAuthScheme('bearer')).toBe('bearer');
    expect(parseAuthScheme(' API-KEY ')).toBe('api-key');
    expect(parseAuthScheme('')).toBe('auto');
    expect(parseAuthScheme(undefined)).toBe('auto');
    expect(parseAuthScheme('jwt')).toBe('auto');
  });
});
