/** Every relative link in the project's Markdown pages points to a file or folder that exists, so moved docs never leave dead links. */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const skipped = new Set(['node_modules', 'dist', '.git', '.data', 'test-results', 'coverage']);

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The targets of `[text](target)` links that are neither absolute URLs nor in-page anchors. */
function relativeTargets(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#'))
    .map((t) => t.split('#')[0] ?? '');
}

describe('Markdown links', () => {
  const files = markdownFiles(root);

  it('finds the README and the docs folder', () => {
    const names = files.map((f) => path.relative(root, f));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'TESTING.md', 'docs/architecture.md']));
  });

  it.each(files.map((f) => [path.relative(root, f), f] as const))('%s links only to existing files', (_name, file) => {
    const dead = relativeTargets(fs.readFileSync(file, 'utf8')).filter(
      (target) => !fs.existsSync(path.resolve(path.dirname(file), target)),
    );
    expect(dead).toEqual([]);
  });

  it('keeps README a two-minute page (under 15 KB)', () => {
    expect(fs.statSync(path.join(root, 'README.md')).size).toBeLessThan(15 * 1024);
  });
});
