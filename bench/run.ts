/**
 * `npm run bench`: runs every bench/*.bench.ts module's `run()`, each bundled as the product ships (bundle.ts) and in a
 * process of its own, and prints their measurements as one table. A module's figures then do not depend on which
 * modules ran before it (their heap, their compiled code, the collector's state).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { z } from 'zod';
import type { Measurement } from './measurement';
import { bundleBench } from './bundle';
import { selectBenches, UnknownBenchError } from './select';

/** The flag that makes this script run one module in the current process and hand its measurements back. */
const ONE_MODULE = '--one-module';
/** The prefix of the line on which a module's process hands back its measurements (JSON). */
const RESULT_PREFIX = '@@bench-result ';

const measurementsSchema = z.array(z.object({ name: z.string(), value: z.number(), unit: z.string() }));

/** Runs the bundled module at `bundle` here and prints its measurements on a line of their own for the parent process. */
async function runOne(bundle: string): Promise<void> {
  const mod = (await import(bundle)) as { run?: () => Promise<Measurement[]> };
  const measurements = typeof mod.run === 'function' ? await mod.run() : [];
  process.stdout.write(`\n${RESULT_PREFIX}${JSON.stringify(measurements)}\n`);
}

/** Bundles `file` and runs it in a new Node process (with this one's loader flags), passing its output through; its measurements. */
async function runInChild(file: string): Promise<Measurement[]> {
  const bundle = await bundleBench(file);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, __filename, ONE_MODULE, bundle], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let result: Measurement[] | null = null;
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      pending += text;
      for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (line.startsWith(RESULT_PREFIX)) result = measurementsSchema.parse(JSON.parse(line.slice(RESULT_PREFIX.length)));
        else if (line !== '') console.log(line);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 && result !== null) resolve(result);
      else reject(new Error(`bench ${file} failed (exit code ${String(code)})`));
    });
  });
}

async function main(): Promise<void> {
  if (process.argv[2] === ONE_MODULE) return runOne(process.argv[3] ?? '');
  const files = selectBenches(fs.readdirSync(__dirname), process.argv[2]);
  const rows: Array<Measurement & { file: string }> = [];
  for (const file of files) {
    console.log(`running ${file}...`);
    for (const m of await runInChild(file)) rows.push({ ...m, file });
  }
  const width = Math.max(10, ...rows.map((r) => r.name.length));
  console.log('');
  for (const r of rows) {
    const value = r.value >= 100 ? Math.round(r.value).toLocaleString('en-US') : r.value.toFixed(2);
    console.log(`${r.name.padEnd(width)}  ${value.padStart(14)} ${r.unit}`);
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof UnknownBenchError ? e.message : e);
    process.exit(1);
  },
);
