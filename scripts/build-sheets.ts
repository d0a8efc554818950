/** npm run build:sheets: writes dist/appsscript (SHEETS_URL_FETCH_WHITELIST sets the tenant's URL prefixes in the manifest). */
import { buildSheets, DEFAULT_OUT_DIR } from './sheets-bundle';
import { parseWhitelist } from './sheets-manifest';

async function main(): Promise<void> {
  const whitelist = parseWhitelist(process.env.SHEETS_URL_FETCH_WHITELIST);
  const files = await buildSheets({ outDir: DEFAULT_OUT_DIR, whitelist });
  console.log(
    `Wrote ${files.join(', ')} to ${DEFAULT_OUT_DIR}${whitelist.length > 0 ? ` (urlFetchWhitelist: ${whitelist.join(', ')})` : ''}.`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
