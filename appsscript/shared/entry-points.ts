/**
 * The names of the server's entry points, each of which the build turns into a top-level `function`.
 * Menus, triggers and google.script.run call only those.
 */

/** The AutomationService methods the sidebar calls (the switches and the run log), entry points like the others. */
export const AUTOMATION_METHODS = ['getAutomation', 'setAutomation', 'runLog', 'clearRunMarks'] as const;
export type AutomationMethod = (typeof AUTOMATION_METHODS)[number];

/** The AddinService methods the sidebar calls, each an entry point of the same name (see sidebar-api.ts for their arguments). */
export const SIDEBAR_METHODS = [
  'getSession',
  'signIn',
  'signOut',
  'listDeployments',
  'listEnvironments',
  'getContext',
  'setContext',
  'getMeta',
  'suggestValues',
  'preview',
  'activeCell',
  'insert',
  'listPlacements',
  'refresh',
  'refreshAll',
  'cancel',
  'jobStatus',
  'goTo',
  'loadDraft',
  'update',
  'remove',
  'movePlacement',
  'setPlacementGrowth',
  'setPlacementContext',
  'bindParameters',
  'boundCellValues',
  'setRefreshOnParameterChange',
  'confirmPlacement',
  'cellsEdited',
  'locateHandEdits',
  'showChanges',
  'undoRefresh',
  'checkHandEdits',
  'placeAgain',
  'placeReport',
  'replaceOrphan',
  ...AUTOMATION_METHODS,
] as const;
export type SidebarMethod = (typeof SIDEBAR_METHODS)[number];

export const ENTRY_POINTS = [
  'onOpen',
  'onInstall',
  'openReports',
  'refreshAllReports',
  'resumeRefreshAll',
  'refreshAllOnOpen',
  'scheduledRefreshAll',
  'callResult',
  ...SIDEBAR_METHODS,
] as const;
export type EntryPointName = (typeof ENTRY_POINTS)[number];

/** The global object the server bundle assigns its exports to; the generated stubs call through it. */
export const BUNDLE_GLOBAL = 'AddinServer';
