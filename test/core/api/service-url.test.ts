/** Tenant and service URLs: https required except on this computer, no credentials inside the address, refused before any request. */
import { PlatformClient } from '../../../src/core/api/platform-client';
import { QueryClient } from '../../../src/core/api/query-client';
import { isLoopbackHost, parseServiceUrl } from '../../../src/core/api/service-url';
import type { Transport } from '../../../src/core/api/transport';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { createAddinService } from '../../../src/core/service/create-addin-service';
import { AddinError } from '../../../src/core/errors/addin-error';
import { recordingClock, seededBytes, seededRandom } from '../../helpers/contract-fake-clock';
import { addinErrorOf } from '../../helpers/caught-error';

describe('parseServiceUrl', () => {
  it('normalizes scheme and host case and drops trailing slashes, keeping port and path', () => {
    expect(parseServiceUrl('  HTTPS://Acme.Example.COM/ ', 'The tenant URL').base).toBe('https://acme.example.com');
    expect(parseServiceUrl('https://acme.example.com:8443/d/101//', 'x').base).toBe('https://acme.example.com:8443/d/101');
    expect(parseServiceUrl('http://localhost:4301', 'x')).toEqual({ base: 'http://localhost:4301', host: 'localhost', secure: false });
    expect(parseServiceUrl('http://127.0.0.1:4301/', 'x').base).toBe('http://127.0.0.1:4301');
    expect(parseServiceUrl('http://[::1]:4301', 'x').base).toBe('http://[::1]:4301');
  });

  it('refuses http:// for any host but this computer, saying why', () => {
    for (const url of ['http://acme.example.com', 'http://10.0.0.5:4301', 'http://localhost.example.com', 'http://128.0.0.1']) {
      const e = addinErrorOf(() => parseServiceUrl(url, 'The tenant URL'));
      expect(e.kind).toBe('validation');
      expect(e.message).toMatch(/must use https:\/\//);
      expect(e.message).toMatch(/unencrypted/);
      expect(e.data['field']).toBe('scheme');
    }
    expect(isLoopbackHost('app.localhost')).toBe(true);
    expect(isLoopbackHost('127.255.0.1')).toBe(true);
    expect(isLoopbackHost('127.0.0.256')).toBe(false);
  });

  it('refuses a user name, password or key before the host without repeating it', () => {
    for (const url of [
      'https://sk_live_secret@acme.example.com',
      'https://me:sk_live_secret@acme.example.com/x',
      'http://sk_live_secret@localhost',
    ]) {
      const e = addinErrorOf(() => parseServiceUrl(url, 'The tenant URL'));
      expect(e.data['field']).toBe('credentials');
      expect(e.message).not.toContain('sk_live_secret');
      expect(JSON.stringify({ ...e, message: e.message })).not.toContain('sk_live_secret');
    }
  });

  it('refuses what is not a web address, with an example', () => {
    for (const url of [
      'acme.example.com',
      'ftp://acme.example.com',
      'https://',
      'https://acme..com',
      'https://acme.example.com:0',
      'https://a.example?x=1',
    ]) {
      const e = addinErrorOf(() => parseServiceUrl(url, 'The tenant URL'));
      expect(e.kind).toBe('validation');
      expect(e.message).toMatch(/^The tenant URL /);
    }
  });

  it('guards the clients too: no client is built for an insecure or credential-carrying address', () => {
    const transport: Transport = async () => {
      throw new Error('no request expected');
    };
    const clock = recordingClock();
    const random = seededRandom(1);
    expect(() => new PlatformClient({ baseUrl: 'http://acme.example.com', apiKey: 'k', transport, clock, random })).toThrow(/https:\/\//);
    expect(() => new QueryClient({ deploymentUrl: 'http://acme.example.com/d/1', credential: 'k', transport, clock, random })).toThrow(
      /https:\/\//,
    );
  });
});

describe('signing in', () => {
  function service(): { calls: string[]; signIn: (tenantUrl: string) => Promise<unknown> } {
    const calls: string[] = [];
    const transport: Transport = async (request) => {
      calls.push(request.url);
      throw new Error('offline');
    };
    const svc = createAddinService({
      host: new MemoryHost(),
      transport,
      clock: recordingClock(),
      random: seededRandom(2),
      randomBytes: seededBytes(3),
      defaultTenantUrl: null,
      timezone: 'UTC',
    });
    return { calls, signIn: (tenantUrl) => svc.signIn({ tenantUrl, apiKey: 'dev-editor-key', authScheme: 'auto' }) };
  }

  it('refuses http:// to another computer before any request, so the key never leaves in clear text', async () => {
    const s = service();
    await expect(s.signIn('http://acme.example.com')).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/unencrypted/),
    });
    expect(s.calls).toEqual([]);
  });

  it('refuses an address carrying a key before any request and never echoes it', async () => {
    const s = service();
    const e = (await s.signIn('https://sk_live_typed_here@acme.example.com').catch((x: unknown) => x)) as AddinError;
    expect(e.kind).toBe('validation');
    expect(`${e.message} ${e.detail ?? ''}`).not.toContain('sk_live_typed_here');
    expect(s.calls).toEqual([]);
  });
});
