/** The Tenant URL the Apps Script build was given (`SHEETS_TENANT_URL`, or the one tenant of its URL allowlist), or none. */

/** Replaced with the URL's JSON text by `npm run build:sheets` (esbuild `define`); undeclared where nothing built it. */
declare const __SHEETS_TENANT_URL__: unknown;

/** The sidebar's Tenant URL prefill when nobody has signed in yet (null: the build was given none). */
export function buildTenantUrl(): string | null {
  return typeof __SHEETS_TENANT_URL__ === 'string' && __SHEETS_TENANT_URL__ !== '' ? __SHEETS_TENANT_URL__ : null;
}
