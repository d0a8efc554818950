/**
 * The engine process's script: engine-main.ts bundled by esbuild into one CommonJS file under node_modules/.cache (so
 * its packages resolve from the repository's node_modules). The engine runs as plain Node: a loader such as tsx needs
 * WebAssembly memory that the engine's address-space limit does not leave. A bundle whose inputs have not changed
 * (same size and modification time) is reused, so a start costs a few file checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { z } from 'zod';

const ENTRY = path.join(__dirname, 'engine-main.ts');
const ROOT = path.resolve(__dirname, '..', '..');
const OUT_DIR = path.join(ROOT, 'node_modules', '.cache', 'svc-local-platform');
const BUNDLE = path.join(OUT_DIR, 'engine-main.cjs');
/** The inputs of the last bundle, each with the size and modification time it had. */
const INPUTS = path.join(OUT_DIR, 'engine-main.inputs.json');

const inputsSchema = z.record(z.string(), z.string());

const stamp = (file: string): string | null => {
  try {
    const s = fs.statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
};

function upToDate(): boolean {
  try {
    const inputs = inputsSchema.parse(JSON.parse(fs.readFileSync(INPUTS, 'utf8')));
    return fs.existsSync(BUNDLE) && Object.entries(inputs).every(([file, was]) => stamp(path.join(ROOT, file)) === was);
  } catch {
    return false;
  }
}

/** The path of the engine's bundled script, built when its sources changed. */
export function engineScript(): string {
  if (upToDate()) return BUNDLE;
  const result = buildSync({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    absWorkingDir: ROOT,
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const inputs: Record<string, string> = {};
  for (const file of Object.keys(result.metafile.inputs)) inputs[file] = stamp(path.join(ROOT, file)) ?? '';
  fs.mkdirSync(OUT_DIR, { recursive: true });
  // Written under a name of this process, then renamed: another platform starting at once reads a whole file or none.
  const write = (target: string, contents: string | Uint8Array): void => {
    const temp = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(temp, contents);
    fs.renameSync(temp, target);
  };
  write(BUNDLE, result.outputFiles[0]!.contents);
  write(INPUTS, JSON.stringify(inputs));
  return BUNDLE;
}
