// The Tenant URL a Sheets build is given (SHEETS_TENANT_URL, or an allowlist of one tenant) is what the sidebar offers
// before anyone signed in; after a sign-in it offers the tenant last signed in to.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { remoteAddinService } from '../../appsscript/sidebar/remote-service';
import { mintCallId, serverClient } from '../../appsscript/sidebar/server-client';
import { buildSheets } from '../../scripts/sheets-bundle';
import { LAST_TENANT_KEY } from '../../src/core/service/session-store';
import { CREDENTIAL_KEY_PREFIX } from '../../appsscript/server/host/user-credential-store';
import { createFakeEnvironment } from './fakes/environment';
import { scriptRunBridge } from './helpers/script-run-bridge';

async function builtCode(options: { tenantUrl?: string; whitelist?: string[] }): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheets-tenant-'));
  try {
    await buildSheets({ outDir, sidebar: false, claspProject: null, ...options });
    return fs.readFileSync(path.join(outDir, 'Code.js'), 'utf8');
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** The sidebar's session answer over google.script.run to the built server (`lastTenant`: kept for the user first). */
async function offered(code: string, lastTenant?: string): Promise<string | null> {
  const env = createFakeEnvironment();
  try {
    if (lastTenant !== undefined) env.stores.user.setProperty(CREDENTIAL_KEY_PREFIX + LAST_TENANT_KEY, lastTenant);
    const service = remoteAddinService(serverClient(scriptRunBridge(env, code).run, { sleep: async () => undefined }), {
      mintId: () => mintCallId(),
      jobPollMs: 5,
      listPollMs: 0,
    });
    return (await service.getSession()).defaultTenantUrl;
  } finally {
    env.close();
  }
}

test('the sidebar offers the Tenant URL the build was given, and the one last signed in to before it', async () => {
  const code = await builtCode({ tenantUrl: 'https://acme.example.com' });
  expect(await offered(code)).toBe('https://acme.example.com');
  expect(await offered(code, 'https://other.example.com')).toBe('https://other.example.com');
});

test('an allowlist of one tenant is the Tenant URL offered; a build given none offers none', async () => {
  expect(await offered(await builtCode({ whitelist: ['https://acme.example.com/'] }))).toBe('https://acme.example.com/');
  expect(await offered(await builtCode({ whitelist: ['https://*.example.com/'] }))).toBeNull();
  expect(await offered(await builtCode({}))).toBeNull();
});
