/**
 * @jest-environment jsdom
 */
/** The help page the manifest links to: built by webpack, with landmarks, headings and the topics a new user needs. */
import fs from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { getByRole, getAllByRole } from '@testing-library/dom';
import webpackConfig from '../../webpack.config';

const root = path.resolve(__dirname, '../..');
const html = fs.readFileSync(path.join(root, 'src/help/help.html'), 'utf8');

beforeEach(() => {
  document.documentElement.innerHTML = new DOMParser().parseFromString(html, 'text/html').documentElement.innerHTML;
  document.documentElement.lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? '';
});

it('is emitted by the webpack build as help.html, without scripts', () => {
  const config = webpackConfig({}, { mode: 'production' });
  const pages = (config.plugins ?? []).filter((p): p is HtmlWebpackPlugin => p instanceof HtmlWebpackPlugin);
  const help = pages.find((p) => p.userOptions.filename === 'help.html');
  expect(help?.userOptions.template).toBe('./src/help/help.html');
  expect(help?.userOptions.inject).toBe(false);
  expect(html).not.toMatch(/<script/i);
});

it('has a language, a viewport for narrow panes, one h1 and the landmarks', () => {
  expect(document.documentElement.lang).toBe('en');
  expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"/);
  expect(getAllByRole(document.body, 'heading', { level: 1 })).toHaveLength(1);
  getByRole(document.body, 'banner');
  getByRole(document.body, 'main');
  getByRole(document.body, 'contentinfo');
  const nav = getByRole(document.body, 'navigation', { name: 'On this page' });
  for (const link of getAllByRole(nav, 'link')) {
    const target = link.getAttribute('href')?.slice(1) ?? '';
    expect(document.getElementById(target)?.tagName).toBe('H2');
  }
});

it.each([
  ['What the add-in does', /places governed reports/],
  ['Signing in', /Tenant URL[\s\S]*API key[\s\S]*Sign out/],
  ['Where an API key comes from', /made in your analytics platform[\s\S]*administrator/],
  ['What each status means', /Up to date[\s\S]*Out of date[\s\S]*Failed[\s\S]*Orphaned/],
  ['Privacy: where your key is kept', /never written into the workbook[\s\S]*Office add-in storage[\s\S]*Apps Script user properties/],
  ['When the pane stays empty or shows an error', /Office add-in library could not be loaded/],
])('has a section "%s" that says what it must', (name, text) => {
  const section = getByRole(document.body, 'region', { name });
  expect(section.textContent?.replace(/\s+/g, ' ')).toMatch(text);
});

it('explains every status a card can show', () => {
  const terms = getAllByRole(getByRole(document.body, 'region', { name: 'What each status means' }), 'term').map((t) => t.textContent);
  const badge = fs.readFileSync(path.join(root, 'src/ui/placement-badge.ts'), 'utf8');
  const labels = new Set([...badge.matchAll(/label: '([^']+)'/g)].map((m) => m[1]));
  for (const m of badge.matchAll(/const [A-Z_]+ = '([^']+)'/g)) labels.add(m[1]);
  expect(labels.size).toBeGreaterThan(5);
  for (const label of labels) expect(terms).toContain(label);
});

it('has the anchor the sign-in form links to (help.html#key) on the section about API keys', () => {
  const pages = ['src/excel/taskpane.tsx', 'src/preview/preview-app.tsx'].map((f) => fs.readFileSync(path.join(root, f), 'utf8'));
  for (const page of pages) expect(page).toContain('keyHelpUrl="help.html#key"');
  expect(document.getElementById('key')?.textContent).toBe('Where an API key comes from');
});
