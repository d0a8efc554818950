/**
 * The Node version the README promises is one every installed package accepts.
 * `npm ci` on it warns of no engine mismatch (webpack-cli 7's rechoir 1.0 asks for Node 22.15).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';

/** semver, as npm itself reads `engines` (typed here for the two calls used). */
const semver = createRequire(__filename)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const root = path.resolve(__dirname, '../..');
const packageJson = z
  .object({ engines: z.object({ node: z.string() }) })
  .parse(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')));
const lock = z
  .object({ packages: z.record(z.string(), z.object({ engines: z.unknown().optional() }).passthrough()) })
  .parse(JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')));

const lowest = semver.minVersion(packageJson.engines.node)?.version ?? '';

describe('the Node version the project asks for', () => {
  it('is accepted by every package in the lock file (no EBADENGINE warning on the oldest Node allowed)', () => {
    expect(lowest).toMatch(/^\d+\.\d+\.\d+$/);
    const refusing = Object.entries(lock.packages).flatMap(([where, p]) => {
      const engines = z.object({ node: z.string() }).safeParse(p.engines);
      return engines.success && !semver.satisfies(lowest, engines.data.node) ? [`${where} wants node ${engines.data.node}`] : [];
    });
    expect(refusing).toEqual([]);
  });

  it('is the one the README quick start names', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const [major, minor] = lowest.split('.');
    expect(readme).toContain(`Node.js ${major}.${minor} or newer`);
  });
});
