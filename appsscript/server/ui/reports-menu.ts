/**
 * The "Reports" menu built by onOpen and onInstall.
 * It only builds the menu, so it works in every authorization mode (AuthMode.NONE allows no properties and no fetch).
 */
import type { UiLike } from '../apps-script/apps-script-services';

export const MENU_TITLE = 'Reports';
export const OPEN_REPORTS = { caption: 'Open reports', functionName: 'openReports' } as const;
export const REFRESH_ALL_REPORTS = { caption: 'Refresh all reports', functionName: 'refreshAllReports' } as const;
export const REFRESH_ON_OPEN_IS_ON = { caption: 'Refresh on open: on (change in Open reports)', functionName: 'openReports' } as const;

/**
 * A top-level menu: in a bound script it sits in the menu bar; once published as an Editor add-on Google moves it
 * under Extensions (Google's "Custom menus for Editor add-ons").
 */
export function addReportsMenu(ui: UiLike, status: { refreshOnOpen: boolean } = { refreshOnOpen: false }): void {
  const menu = ui
    .createMenu(MENU_TITLE)
    .addItem(OPEN_REPORTS.caption, OPEN_REPORTS.functionName)
    .addItem(REFRESH_ALL_REPORTS.caption, REFRESH_ALL_REPORTS.functionName);
  // Menus have no check marks: the item says the switch is on and opens the sidebar, where it is changed.
  if (status.refreshOnOpen) menu.addItem(REFRESH_ON_OPEN_IS_ON.caption, REFRESH_ON_OPEN_IS_ON.functionName);
  menu.addToUi();
}
