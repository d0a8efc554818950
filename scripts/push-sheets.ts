/** npm run push:sheets: builds dist/appsscript and runs `clasp push` with the project file appsscript/.clasp.json (copied from the example, with your script id). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const projectFile = path.join(ROOT, 'appsscript/.clasp.json');

if (!fs.existsSync(projectFile)) {
  console.error(
    'appsscript/.clasp.json is missing: copy appsscript/.clasp.json.example to it and put your Apps Script project id in scriptId (see README, "Google Sheets").',
  );
  process.exit(1);
}
try {
  execFileSync('npx', ['tsx', path.join(ROOT, 'scripts/build-sheets.ts')], { cwd: ROOT, stdio: 'inherit' });
  execFileSync('npx', ['clasp', '--project', projectFile, 'push'], { cwd: ROOT, stdio: 'inherit' });
} catch {
  process.exit(1);
}
