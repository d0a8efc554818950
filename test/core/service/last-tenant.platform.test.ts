/** The Tenant URL the sign-in form offers: the tenant last signed in to (kept past sign-out, per user), else the host's default. */
import { LAST_TENANT_KEY } from '../../../src/core/service/session-store';
import { documentText, platform, serviceOf, signedIn, usePlatform, workbook } from './platform-workbook';

usePlatform();

describe('the Tenant URL offered at sign-in', () => {
  it('is the one given by the host until someone signs in, then the tenant last signed in to, after sign-out too', async () => {
    const wb = workbook('last-tenant');
    const given = serviceOf(wb.host, wb.hook, { defaultTenantUrl: 'https://given.example.com' });
    expect((await given.getSession()).defaultTenantUrl).toBe('https://given.example.com');

    const signed = await signedIn('last-tenant-signed');
    await signed.service.signOut();
    const after = serviceOf(signed.host, signed.hook, { defaultTenantUrl: 'https://given.example.com' });
    expect(await after.getSession()).toMatchObject({ signedIn: false, tenantUrl: null, defaultTenantUrl: platform.url });
    // Kept with the user's credentials, never in the document.
    expect(documentText(signed.host)).not.toContain(LAST_TENANT_KEY);
  });

  it('ignores a kept value that is no Tenant URL the add-in would use', async () => {
    const wb = workbook('bad-last-tenant');
    await wb.host.credentials.set(LAST_TENANT_KEY, 'http://intruder.example.com');
    const service = serviceOf(wb.host, wb.hook, { defaultTenantUrl: 'https://given.example.com' });
    expect((await service.getSession()).defaultTenantUrl).toBe('https://given.example.com');
  });
});
