// The Sheets build's pieces: the checked-in manifest's scopes, the urlFetchWhitelist an administrator sets, the entry stubs and the safe inlining of the sidebar script.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { entryStubs, inlineScript } from '../../scripts/sheets-bundle';
import { buildManifest, parseWhitelist } from '../../scripts/sheets-manifest';

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
