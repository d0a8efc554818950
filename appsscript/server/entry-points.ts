/** The names of the server's entry points: the build turns each into a top-level `function` (menus, triggers and google.script.run call only those). */
export const ENTRY_POINTS = ['onOpen', 'onInstall', 'openReports', 'refreshAllReports', 'jobStatus', 'cancelJob'] as const;
export type EntryPointName = (typeof ENTRY_POINTS)[number];

/** The global object the server bundle assigns its exports to; the generated stubs call through it. */
export const BUNDLE_GLOBAL = 'AddinServer';
