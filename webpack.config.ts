/** Webpack build of the browser bundles: the preview workbook (with the pane), the Excel task pane and the help page. */
import path from 'node:path';
import fs from 'node:fs';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Configuration } from 'webpack';
import { withExcel } from './scripts/webpack/excel';
import { helpPage } from './scripts/webpack/help';

interface Page {
  name: string;
  entry: string;
  template: string;
}

const pages: Page[] = [{ name: 'preview', entry: './src/preview/index.tsx', template: './src/preview/index.html' }].filter((p) =>
  fs.existsSync(path.resolve(__dirname, p.entry)),
);

export default (_env: unknown, argv: { mode?: 'development' | 'production' }): Configuration => {
  const mode = argv.mode ?? 'production';
  return withExcel({
    mode,
    devtool: mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
    entry: Object.fromEntries(pages.map((p) => [p.name, p.entry])),
    output: {
      path: path.resolve(__dirname, 'dist/web'),
      filename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
        },
      ],
    },
    performance: { hints: false },
    plugins: [
      ...pages.map(
        (p) =>
          new HtmlWebpackPlugin({
            filename: p.name === 'preview' ? 'index.html' : `${p.name}.html`,
            template: p.template,
            chunks: [p.name],
          }),
      ),
      helpPage(),
    ],
  });
};
