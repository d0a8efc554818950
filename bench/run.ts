/** `npm run bench`: runs every bench/*.bench.ts module's `run()` and prints its measurements as a table. */
import fs from 'node:fs';
import path from 'node:path';
import type { Measurement } from './measurement';
import { selectBenches, UnknownBenchError } from './select';

async function main(): Promise<void> {
  const only = process.argv[2];
  const files = selectBenches(fs.readdirSync(__dirname), only);
  const rows: Array<Measurement & { file: string }> = [];
  for (const file of files) {
    const mod = (await import(path.join(__dirname, file))) as { run?: () => Promise<Measurement[]> };
    if (typeof mod.run !== 'function') continue;
    console.log(`running ${file}...`);
    for (const m of await mod.run()) rows.push({ ...m, file });
  }
  const width = Math.max(10, ...rows.map((r) => r.name.length));
  console.log('');
  for (const r of rows) {
    const value = r.value >= 100 ? Math.round(r.value).toLocaleString('en-US') : r.value.toFixed(2);
    console.log(`${r.name.padEnd(width)}  ${value.padStart(14)} ${r.unit}`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof UnknownBenchError ? e.message : e);
  process.exit(1);
});
