/**
 * npm run build:sheets: writes dist/appsscript (SHEETS_URL_FETCH_WHITELIST sets the tenant's URL prefixes in the
 * manifest; SHEETS_TENANT_URL, or a whitelist of one prefix, the Tenant URL the sidebar offers).
 */
import { buildSheets, DEFAULT_OUT_DIR } from './sheets-bundle';
import { parseWhitelist } from './sheets-manifest';
import { parseServiceUrl } from '../src/core/api/service-url';

/** SHEETS_TENANT_URL checked as the sign-in form checks a Tenant URL (https, or http to this computer); empty means none. */
function parseTenantUrl(raw: string | undefined): string | null {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  try {
    return parseServiceUrl(text, 'SHEETS_TENANT_URL').base;
  } catch (e) {
    throw new Error(`SHEETS_TENANT_URL: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function main(): Promise<void> {
  const whitelist = parseWhitelist(process.env.SHEETS_URL_FETCH_WHITELIST);
  const tenantUrl = parseTenantUrl(process.env.SHEETS_TENANT_URL);
  const files = await buildSheets({ outDir: DEFAULT_OUT_DIR, whitelist, ...(tenantUrl === null ? {} : { tenantUrl }) });
  console.log(
    `Wrote ${files.join(', ')} to ${DEFAULT_OUT_DIR}${whitelist.length > 0 ? ` (urlFetchWhitelist: ${whitelist.join(', ')})` : ''}.`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
