/**
 * The Excel part of the webpack build: one page (taskpane.html) that is both the task pane and the shared runtime's
 * function file (the ribbon commands are registered first, in the same bundle), the icons, and manifest.xml; with
 * ADDIN_BASE_URL set, the production manifest pointing at that base URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { sources, type Compiler, type Configuration } from 'webpack';
import { productionManifest } from '../manifest/production-manifest';

const root = path.resolve(__dirname, '../..');

/** Emits assets/*.png and manifest.xml (rewritten for ADDIN_BASE_URL when given) next to the pages. */
class ExcelFilesPlugin {
  constructor(private readonly baseUrl: string | undefined) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ExcelFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ExcelFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const assets = path.join(root, 'assets');
          for (const file of fs.readdirSync(assets)) {
            compilation.emitAsset(`assets/${file}`, new sources.RawSource(fs.readFileSync(path.join(assets, file))));
          }
          const manifest = fs.readFileSync(path.join(root, 'manifest.xml'), 'utf8');
          // Fails the build loudly when manifest.xml no longer matches the placeholder the rewrite expects.
          const out = this.baseUrl ? productionManifest(manifest, this.baseUrl) : manifest;
          compilation.emitAsset('manifest.xml', new sources.RawSource(out));
          compilation.fileDependencies.add(path.join(root, 'manifest.xml'));
        },
      );
    });
  }
}

/** Adds the Excel page, icons and manifest to the browser build. */
export function withExcel(config: Configuration, env: { ADDIN_BASE_URL?: string } = process.env): Configuration {
  const entry = typeof config.entry === 'object' && !Array.isArray(config.entry) ? config.entry : {};
  return {
    ...config,
    entry: { ...entry, taskpane: ['./src/excel/commands.ts', './src/excel/taskpane.tsx'] },
    plugins: [
      ...(config.plugins ?? []),
      new HtmlWebpackPlugin({ filename: 'taskpane.html', template: './src/excel/taskpane.html', chunks: ['taskpane'] }),
      new ExcelFilesPlugin(env.ADDIN_BASE_URL || undefined),
    ],
  };
}
