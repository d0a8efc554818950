/** The lint rule that keeps src/core portable: host, DOM and timer globals and UI/Node imports are errors there, not elsewhere. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');

interface Probe {
  code: string;
  file: string;
}

/**
 * The portability-rule messages of each probe, linted with the project's ESLint config as if it were that file. ESLint
 * loads its config by dynamic import, which jest's VM does not allow, so one plain node process lints every probe.
 */
function portabilityErrors(probes: Probe[]): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    const path = require('node:path');
    const probes = JSON.parse(process.argv[1]);
    const rules = new Set(['no-restricted-globals', 'no-restricted-properties', 'no-restricted-imports']);
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const out = [];
      for (const p of probes) {
        const [r] = await eslint.lintText(p.code, { filePath: path.join(process.cwd(), p.file) });
        out.push(r.messages.filter((m) => rules.has(m.ruleId)).map((m) => m.message));
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((e) => { console.error(e); process.exit(1); });`;
  const out = execFileSync(process.execPath, ['-e', script, JSON.stringify(probes)], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out) as string[][];
}

const GLOBALS: Array<[string, string]> = [
  ['Office', 'export const x = Office.context;'],
  ['Excel', 'export const x = Excel.run;'],
  ['SpreadsheetApp', 'export const x = SpreadsheetApp.getActive();'],
  ['UrlFetchApp', 'export const x = UrlFetchApp.fetch("u");'],
  ['window', 'export const x = window.location;'],
  ['document', 'export const x = document.body;'],
  ['fetch', 'export const x = fetch("u");'],
  ['setTimeout', 'export const x = setTimeout(() => undefined, 1);'],
  ['queueMicrotask', 'export const x = queueMicrotask(() => undefined);'],
  ['setImmediate', 'export const x = setImmediate(() => undefined);'],
  // The global object is a back door to every other global.
  ['globalThis', 'export const x = globalThis.setTimeout(() => undefined, 1);'],
  ['self', 'export const x = self.fetch("u");'],
  // Web APIs Apps Script's V8 lacks: the core has its own CancelSignal and an injected UTF-8 decoder, and parses URLs as text.
  ['AbortController', 'export const x = new AbortController();'],
  ['TextDecoder', 'export const x = new TextDecoder();'],
  ['URL', 'export const x = new URL("https://a.example");'],
  ['URLSearchParams', 'export const x = new URLSearchParams("a=1");'],
  ['structuredClone', 'export const x = structuredClone({});'],
  ['console', 'export const x = () => console.log("x");'],
];

describe('src/core portability lint', () => {
  it('forbids host, DOM, Web and timer globals, Date.now, Math.random and React or Node imports in src/core only', () => {
    const probes: Probe[] = [
      ...GLOBALS.map(([, code]) => ({ code, file: 'src/core/api/__probe__.ts' })),
      { code: 'export const x = Date.now() + Math.random();', file: 'src/core/cells/__probe__.ts' },
      { code: "import React from 'react';\nexport const x = React;", file: 'src/core/placements/__probe__.ts' },
      { code: "import fs from 'node:fs';\nexport const x = fs;", file: 'src/core/placements/__probe__.ts' },
      // Injected equivalents are fine in the core; the globals are fine outside it.
      { code: 'export const x = (deps: { fetch: () => void }) => deps.fetch();', file: 'src/core/api/__probe__.ts' },
      { code: 'export const x = setTimeout(() => undefined, 1);', file: 'src/ui/__probe__.ts' },
    ];
    const errors = portabilityErrors(probes);
    GLOBALS.forEach(([name], i) => {
      expect(errors[i]).toHaveLength(1);
      expect(errors[i]?.[0]).toContain(name);
    });
    const rest = errors.slice(GLOBALS.length);
    expect(rest.map((e) => e.length)).toEqual([2, 1, 1, 0, 0]);
  });
});
