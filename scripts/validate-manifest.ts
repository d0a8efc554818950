/** `npm run validate:manifest`: offline checks of manifest.xml (and of dist/web/manifest.xml when built) against the built pages in dist/web. */
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
  const targets = [path.join(root, 'manifest.xml'), path.join(dist, 'manifest.xml')].filter((f) => fs.existsSync(f));
  let failed = false;
  for (const file of targets) {
    // The production copy points at another host: its icons are the same files, checked under the repository.
    const problems = validateManifest(fs.readFileSync(file, 'utf8'), { root, commandsCode: code });
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
