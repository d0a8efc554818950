/**
 * npm run push:sheets: builds dist/appsscript (copying appsscript/.clasp.json into it) and runs `clasp push` there.
 * It needs `clasp login` with a Google account first.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CLASP_PROJECT_FILE, DEFAULT_OUT_DIR } from './sheets-bundle';

const ROOT = path.resolve(__dirname, '..');

if (!fs.existsSync(CLASP_PROJECT_FILE)) {
  console.error(
    'appsscript/.clasp.json is missing: copy appsscript/.clasp.json.example to it and put your Apps Script project id in scriptId (see appsscript/README.md).',
  );
  process.exit(1);
}
try {
  execFileSync('npx', ['tsx', path.join(ROOT, 'scripts/build-sheets.ts')], { cwd: ROOT, stdio: 'inherit' });
  execFileSync('npx', ['clasp', 'push'], { cwd: DEFAULT_OUT_DIR, stdio: 'inherit' });
} catch {
  process.exit(1);
}
