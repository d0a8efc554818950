/** The help page of the webpack build: src/help/help.html as help.html, the page the manifest's SupportUrl links to. */
import HtmlWebpackPlugin from 'html-webpack-plugin';

/** Emits help.html beside the pages; it is plain HTML, so no bundle is injected into it. */
export function helpPage(): HtmlWebpackPlugin {
  return new HtmlWebpackPlugin({ filename: 'help.html', template: './src/help/help.html', inject: false, chunks: [] });
}
