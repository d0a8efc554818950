/**
 * `npm run validate:manifest`: offline checks of manifest.xml against the built pages in dist/web.
 * dist/web/manifest.xml is checked too when it is built.
 */
import fs from 'node:fs';
import path from 'node:path';
import { validateManifest } from './manifest/validate-manifest';

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist/web');

function builtCode(): string {
  const files = fs.existsSync(dist) ? fs.readdirSync(dist).filter((f) => f.endsWith('.js')) : [];
  if (files.length === 0)
    throw new Error('No built pages in dist/web: run `npm run build` first (the check reads the built commands code).');
  return files.map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
}

function main(): void {
  const code = builtCode();
  // The source manifest with the icons in assets/, and the built one (production when ADDIN_BASE_URL was given) with the emitted icons;
  // every URL either names on the pages' own origin must be a file of the build.
  const targets = [
    { file: path.join(root, 'manifest.xml'), served: root },
    { file: path.join(dist, 'manifest.xml'), served: dist },
  ].filter((t) => fs.existsSync(t.file));
  let failed = false;
  for (const { file, served } of targets) {
    const problems = validateManifest(fs.readFileSync(file, 'utf8'), { root: served, builtPages: dist, commandsCode: code });
    const name = path.relative(root, file);
    if (problems.length === 0) console.log(`${name}: valid`);
    else {
      failed = true;
      console.error(`${name}: ${problems.length} problem(s)`);
      for (const p of problems) console.error(`  - ${p}`);
    }
  }
  if (failed) process.exit(1);
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
