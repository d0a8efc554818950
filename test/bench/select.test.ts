/** Tests of the bench selection: a known name picks its modules, an unknown one is an error listing the names. */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { selectBenches, UnknownBenchError } from '../../bench/select';

const FILES = ['run.ts', 'layout.bench.ts', 'insert.bench.ts', 'excel-insert.bench.ts', 'measurement.ts'];

describe('selectBenches', () => {
  it('runs every bench module, sorted, when no name is given', () => {
    expect(selectBenches(FILES, undefined)).toEqual(['excel-insert.bench.ts', 'insert.bench.ts', 'layout.bench.ts']);
  });

  it('keeps the modules whose name contains the given name', () => {
    expect(selectBenches(FILES, 'insert')).toEqual(['excel-insert.bench.ts', 'insert.bench.ts']);
    expect(selectBenches(FILES, 'layout')).toEqual(['layout.bench.ts']);
  });

  it('throws an error naming every bench when the name matches none', () => {
    expect(() => selectBenches(FILES, 'nosuch')).toThrow(UnknownBenchError);
    expect(() => selectBenches(FILES, 'nosuch')).toThrow(/"nosuch".*excel-insert, insert, layout/);
  });

  it('does not match the file suffix: "bench" alone names no module', () => {
    expect(() => selectBenches(FILES, '.bench')).toThrow(UnknownBenchError);
  });
});

describe('npm run bench with an unknown name', () => {
  it('exits non-zero and lists the real bench names', () => {
    const root = path.join(__dirname, '..', '..');
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
    const r = spawnSync(tsx, [path.join(root, 'bench', 'run.ts'), 'no-such-bench'], { encoding: 'utf8', cwd: root });
    expect(r.status).not.toBe(0);
    const names = fs.readdirSync(path.join(root, 'bench')).filter((f) => f.endsWith('.bench.ts'));
    expect(names.length).toBeGreaterThan(0);
    for (const f of names) expect(r.stderr).toContain(f.replace(/\.bench\.ts$/, ''));
    expect(r.stdout).not.toContain('running ');
  });
});
