/**
 * The Excel part of the build: one page serving the pane and the ribbon commands, Office.js from Microsoft's CDN first.
 * Icons and manifest are emitted.
 */
import fs from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { withExcel } from '../../scripts/webpack/excel';

const root = path.resolve(__dirname, '../..');

it('adds the taskpane entry with the commands registered first, and its page', () => {
  const config = withExcel({ entry: { preview: './src/preview/index.tsx' }, plugins: [] }, {});
  expect(config.entry).toEqual({ preview: './src/preview/index.tsx', taskpane: ['./src/excel/commands.ts', './src/excel/taskpane.tsx'] });
  const page = config.plugins?.find((p): p is HtmlWebpackPlugin => p instanceof HtmlWebpackPlugin);
  expect(page?.userOptions).toMatchObject({ filename: 'taskpane.html', chunks: ['taskpane'] });
  for (const entry of ['src/excel/commands.ts', 'src/excel/taskpane.tsx', 'src/excel/taskpane.html'])
    expect(fs.existsSync(path.join(root, entry))).toBe(true);
});

it('loads Office.js from Microsoft CDN before any other script of the page', () => {
  const html = fs.readFileSync(path.join(root, 'src/excel/taskpane.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts[0]).toBe('https://appsforoffice.microsoft.com/lib/1/hosted/office.js');
});
