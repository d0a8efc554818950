/**
 * The names of the server's entry points, each of which the build turns into a top-level `function`.
 * Menus, triggers and google.script.run call only those.
 */

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
  'locateHandEdits',
  'showChanges',
  'undoRefresh',
  'checkHandEdits',
] as const;
export type SidebarMethod = (typeof SIDEBAR_METHODS)[number];

export const ENTRY_POINTS = [
  'onOpen',
  'onInstall',
  'openReports',
  'refreshAllReports',
  'resumeRefreshAll',
  'callResult',
  ...SIDEBAR_METHODS,
] as const;
export type EntryPointName = (typeof ENTRY_POINTS)[number];

/** The global object the server bundle assigns its exports to; the generated stubs call through it. */
export const BUNDLE_GLOBAL = 'AddinServer';
