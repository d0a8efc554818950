/** Chooses the bench modules `npm run bench [NAME]` runs: all, or those whose name contains NAME; none is an error. */

/** The bench name of a module file: `layout.bench.ts` → `layout`. */
export function benchName(file: string): string {
  return file.replace(/\.bench\.ts$/, '');
}

/** Thrown when NAME matches no bench module; its message lists the names there are. */
export class UnknownBenchError extends Error {
  constructor(
    readonly requested: string,
    readonly names: readonly string[],
  ) {
    super(`No bench matches "${requested}". Run one of: ${names.join(', ')} (a part of a name is enough), or no name for all.`);
    this.name = 'UnknownBenchError';
  }
}

/** The `*.bench.ts` files of `files`, sorted, keeping those whose name contains `only` when it is given. */
export function selectBenches(files: readonly string[], only: string | undefined): string[] {
  const benches = files.filter((f) => f.endsWith('.bench.ts')).sort();
  if (only === undefined || only === '') return benches;
  const chosen = benches.filter((f) => benchName(f).includes(only));
  if (chosen.length === 0) throw new UnknownBenchError(only, benches.map(benchName));
  return chosen;
}
