/** The core's import graph: no module imports itself through others, and the layers point one way (wire ← ndjson ← api). */
import fs from 'node:fs';
import path from 'node:path';

const CORE = path.join(__dirname, '../../src/core');

/** Every .ts file of src/core with the src/core files it imports (relative imports, `import type` included). */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.ts')) files.push(p);
    }
  };
  walk(CORE);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const deps: string[] = [];
    for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(file), `${m[1] ?? ''}.ts`);
      if (fs.existsSync(target)) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

const rel = (f: string): string => path.relative(CORE, f);

describe('src/core imports', () => {
  const graph = importGraph();

  it('have no cycles (builder included)', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      stack.push(file);
      for (const dep of graph.get(file) ?? []) {
        if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep].map(rel).join(' → '));
        else if (state.get(dep) === undefined) visit(dep);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (state.get(file) === undefined) visit(file);
    expect(graph.size).toBeGreaterThan(50);
    expect(cycles).toEqual([]);
  });

  it('point one way: the wire contract imports no client or decoder, the decoder no HTTP client, runtime nothing but the wire errors', () => {
    const offending: string[] = [];
    const rule = (from: string, forbidden: string[]): void => {
      for (const [file, deps] of graph) {
        if (!rel(file).startsWith(`${from}/`)) continue;
        for (const dep of deps) if (forbidden.some((f) => rel(dep).startsWith(`${f}/`))) offending.push(`${rel(file)} → ${rel(dep)}`);
      }
    };
    rule('wire', ['api', 'ndjson', 'runtime', 'cells', 'refresh', 'service', 'memory', 'builder']);
    rule('ndjson', ['api', 'cells', 'refresh', 'service', 'memory', 'builder']);
    rule('runtime', ['api', 'ndjson', 'cells', 'refresh', 'service', 'memory', 'builder']);
    rule('api', ['refresh', 'service', 'memory', 'cells', 'builder']);
    expect(offending).toEqual([]);
  });
});
