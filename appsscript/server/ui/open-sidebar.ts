/**
 * Opens the sidebar: the built Sidebar.html (the pane with its script and styles inlined) as a file output.
 * A file output evaluates no scriptlet in the bundle.
 */
import type { HtmlServiceLike, UiLike } from '../apps-script/apps-script-services';

export const SIDEBAR_FILE = 'Sidebar';
export const SIDEBAR_TITLE = 'Reports';

export function openSidebar(html: HtmlServiceLike, ui: UiLike): void {
  ui.showSidebar(html.createHtmlOutputFromFile(SIDEBAR_FILE).setTitle(SIDEBAR_TITLE));
}
