/**
 * Builds the clasp-ready Apps Script project: appsscript.json, Code.js and Sidebar.html.
 * Code.js is the server bundle plus a top-level function per entry point; Sidebar.html has the pane's script inlined.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_GLOBAL, ENTRY_POINTS } from '../appsscript/shared/entry-points';
import { buildManifest, claspProjectOf } from './sheets-manifest';

const ROOT = path.resolve(__dirname, '..');
const SCRIPT_MARK = '<!-- SIDEBAR_SCRIPT -->';

export interface SheetsBuildOptions {
  outDir: string;
  /** urlFetchWhitelist prefixes (see sheets-manifest.ts). */
  whitelist?: readonly string[];
  /** The Tenant URL the sidebar offers before anyone signed in (default: the whitelist's prefix when it has one only). */
  tenantUrl?: string | null;
  /** Skip the sidebar (tests of the server bundle). */
  sidebar?: boolean;
  minify?: boolean;
  /** The clasp project file copied into the output, which makes the output folder the clasp project (default: appsscript/.clasp.json when present; null: none). */
  claspProject?: string | null;
}

/** Where a person keeps their clasp project file (git-ignored; copied from .clasp.json.example). */
export const CLASP_PROJECT_FILE = path.join(ROOT, 'appsscript/.clasp.json');

/** The top-level functions Apps Script needs: menus, triggers and google.script.run find only those. */
export function entryStubs(names: readonly string[] = ENTRY_POINTS, global = BUNDLE_GLOBAL): string {
  return names.map((n) => `function ${n}(arg) {\n  return ${global}.${n}(arg);\n}\n`).join('\n');
}

/** The server bundle as one script: an IIFE assigning the exports to a global, then the stubs. */
export async function buildServer(minify = false, tenantUrl: string | null = null): Promise<string> {
  const result = await build({
    // The one build-time value of the server: read by appsscript/server/service/build-tenant.ts.
    define: { __SHEETS_TENANT_URL__: JSON.stringify(tenantUrl) },
    entryPoints: [path.join(ROOT, 'appsscript/server/entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: BUNDLE_GLOBAL,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2020',
    minify,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  return `// Built by npm run build:sheets from appsscript/server: do not edit.\n${code}\n${entryStubs()}`;
}

/** Inlines a script into HTML so no closing tag or comment opener inside it ends the script element early. */
export function inlineScript(html: string, js: string): string {
  if (!html.includes(SCRIPT_MARK)) throw new Error(`Sidebar.html lacks the ${SCRIPT_MARK} marker.`);
  const safe = js.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
  return html.replace(SCRIPT_MARK, () => `<script>\n${safe}\n</script>`);
}

export async function buildSidebar(minify = true): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'appsscript/sidebar/sidebar.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    minify,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const html = fs.readFileSync(path.join(ROOT, 'appsscript/sidebar/Sidebar.html'), 'utf8');
  return inlineScript(html, result.outputFiles[0]!.text);
}

/** The tenant of an allowlist naming one URL prefix without a wildcard (several, or `*.`: none is the tenant). */
function soleTenant(whitelist: readonly string[]): string | null {
  const only = whitelist.length === 1 ? whitelist[0] : undefined;
  return only === undefined || only.includes('*') ? null : only;
}

export async function buildSheets(options: SheetsBuildOptions): Promise<string[]> {
  const source: unknown = JSON.parse(fs.readFileSync(path.join(ROOT, 'appsscript/appsscript.json'), 'utf8'));
  const manifest = buildManifest(source, options.whitelist ?? []);
  fs.rmSync(options.outDir, { recursive: true, force: true });
  fs.mkdirSync(options.outDir, { recursive: true });
  const files: Array<[string, string]> = [
    ['appsscript.json', `${JSON.stringify(manifest, null, 2)}\n`],
    ['Code.js', await buildServer(options.minify ?? false, options.tenantUrl ?? soleTenant(options.whitelist ?? []))],
  ];
  if (options.sidebar !== false) files.push(['Sidebar.html', await buildSidebar(options.minify ?? true)]);
  const claspFile =
    options.claspProject === undefined ? (fs.existsSync(CLASP_PROJECT_FILE) ? CLASP_PROJECT_FILE : null) : options.claspProject;
  // clasp does not push its own project file; `clasp push` then runs from the output folder.
  if (claspFile !== null)
    files.push(['.clasp.json', `${JSON.stringify(claspProjectOf(JSON.parse(fs.readFileSync(claspFile, 'utf8'))), null, 2)}\n`]);
  for (const [name, text] of files) fs.writeFileSync(path.join(options.outDir, name), text);
  return files.map(([name]) => name);
}

export const DEFAULT_OUT_DIR = path.join(ROOT, 'dist/appsscript');
