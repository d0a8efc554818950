/**
 * Builds test/excel/fake/browser.ts into one classic script (dist/test/office-fake.js).
 * A browser test serves it in place of Microsoft's office.js.
 */
import path from 'node:path';
import { buildSync } from 'esbuild';

export const OFFICE_FAKE_SCRIPT = path.resolve(__dirname, '../dist/test/office-fake.js');

export function buildOfficeFake(outfile: string = OFFICE_FAKE_SCRIPT): string {
  buildSync({
    entryPoints: [path.resolve(__dirname, '../test/excel/fake/browser.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

if (require.main === module) {
  console.log(`Built ${path.relative(process.cwd(), buildOfficeFake())}`);
}
