/**
 * Bundles a bench module with its imports from this repository into one CommonJS file, as the product's code ships
 * (one bundle, a call between modules a plain call), rather than run file by file through tsx's transform, whose
 * modules export through getters that every call across modules goes through. Packages stay `require`s.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(__dirname, '..');
/** Where bundles go: under node_modules, so their `require`s of packages resolve as the sources' do. */
const OUT_DIR = path.join(ROOT, 'node_modules', '.cache', 'svc-bench');

/**
 * Each source file's `__dirname` as the directory it is in (a bundle has one `__dirname`, its own): modules find the
 * repository's files from where they are.
 */
const ownDirname: Plugin = {
  name: 'own-dirname',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = fs.readFileSync(args.path, 'utf8');
      if (!/\b__dirname\b/.test(source)) return undefined;
      return {
        contents: source.replace(/\b__dirname\b/g, JSON.stringify(path.dirname(args.path))),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/** Bundles `bench/<file>` and returns the bundle's path. */
export async function bundleBench(file: string): Promise<string> {
  const outfile = path.join(OUT_DIR, file.replace(/\.ts$/, '.cjs'));
  await build({
    entryPoints: [path.join(ROOT, 'bench', file)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [ownDirname],
  });
  return outfile;
}
