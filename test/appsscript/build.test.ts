// The Sheets build's pieces: manifest scopes, the administrator's urlFetchWhitelist, entry stubs and safe sidebar inlining.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { buildSheets, entryStubs, inlineScript } from '../../scripts/sheets-bundle';
import { buildManifest, claspProjectOf, parseWhitelist } from '../../scripts/sheets-manifest';

const source: unknown = JSON.parse(fs.readFileSync(path.join(__dirname, '../../appsscript/appsscript.json'), 'utf8'));

test('the manifest asks for V8 and exactly the four narrow scopes, never all of Drive or all spreadsheets', () => {
  const manifest = buildManifest(source, []);
  expect(manifest.runtimeVersion).toBe('V8');
  expect(manifest.oauthScopes.sort()).toEqual([
    'https://www.googleapis.com/auth/script.container.ui',
    'https://www.googleapis.com/auth/script.external_request',
    'https://www.googleapis.com/auth/script.scriptapp',
    'https://www.googleapis.com/auth/spreadsheets.currentonly',
  ]);
  expect(manifest).not.toHaveProperty('urlFetchWhitelist');
  expect(manifest).not.toHaveProperty('dependencies');
  expect(() => buildManifest({ ...manifest, oauthScopes: ['https://www.googleapis.com/auth/drive'] }, [])).toThrow(/all of Drive/);
});

test('the whitelist takes https prefixes with a full domain and a trailing slash, and refuses anything else', () => {
  expect(parseWhitelist(undefined)).toEqual([]);
  expect(parseWhitelist('https://acme.example.com/, https://*.acme.example.com/api/')).toEqual([
    'https://acme.example.com/',
    'https://*.acme.example.com/api/',
  ]);
  expect(buildManifest(source, ['https://acme.example.com/']).urlFetchWhitelist).toEqual(['https://acme.example.com/']);
  for (const bad of ['http://acme.example.com/', 'https://acme.example.com', 'https://localhost/', 'https://acme.example.com/api']) {
    expect(() => parseWhitelist(bad)).toThrow(/SHEETS_URL_FETCH_WHITELIST: .* is not a valid prefix/);
  }
});

test('the stubs are top-level functions that forward their argument to the bundle global', () => {
  const context = vm.createContext({ Bundle: { f: (x: number) => x + 1 } });
  vm.runInContext(entryStubs(['f'], 'Bundle'), context);
  expect(vm.runInContext('f(41)', context)).toBe(42);
});

test('an inlined script cannot close its script element or open an HTML comment early', () => {
  const html = inlineScript('<body><!-- SIDEBAR_SCRIPT --></body>', 'var a = "</script><!--"; var b = "$&";');
  expect(html).toBe('<body><script>\nvar a = "<\\/script><\\!--"; var b = "$&";\n</script></body>');
  expect(vm.runInNewContext(html.slice(html.indexOf('\n') + 1, html.lastIndexOf('\n')) + ';a + b')).toBe('</script><!--$&');
  expect(() => inlineScript('<body></body>', '')).toThrow(/marker/);
});

test('with a clasp project file the built folder is the clasp project, and clasp (offline) would push the built files but not its project file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheets-clasp-'));
  const projectFile = path.join(dir, 'project.json');
  fs.writeFileSync(projectFile, JSON.stringify({ scriptId: '1abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH' }));
  const out = path.join(dir, 'appsscript');
  try {
    expect(await buildSheets({ outDir: out, sidebar: false, claspProject: projectFile })).toEqual([
      'appsscript.json',
      'Code.js',
      '.clasp.json',
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(out, '.clasp.json'), 'utf8'))).toEqual({
      scriptId: '1abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH',
      rootDir: '.',
    });
    const clasp = path.join(__dirname, '../../node_modules/.bin/clasp');
    const status = execFileSync(clasp, ['--json', 'status'], { cwd: out, encoding: 'utf8', env: { ...process.env, HOME: dir } });
    const parsed = JSON.parse(status) as { filesToPush: string[]; untrackedFiles: string[] };
    expect(parsed.filesToPush.map((f) => path.basename(f)).sort()).toEqual(['Code.js', 'appsscript.json']);
    expect(parsed.untrackedFiles.map((f) => path.basename(f))).toEqual(['.clasp.json']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a clasp project file without a real script id or with a rootDir elsewhere is refused with what to do', () => {
  expect(() => claspProjectOf({ scriptId: '<your Apps Script project id>', rootDir: '.' })).toThrow(
    /scriptId: put your Apps Script project id/,
  );
  expect(() => claspProjectOf({ scriptId: '1abcdefghijklmnopqrstuvwxyz', rootDir: '../dist/appsscript' })).toThrow(/rootDir must be "\."/);
});
