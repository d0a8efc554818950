/**
 * The server bundle's exports: every entry point as a plain synchronous function.
 * The build wraps each in a top-level function of the same name.
 */
import { SIDEBAR_METHODS, type EntryPointName, type SidebarMethod } from '../shared/entry-points';
import { live } from './apps-script/live-services';
import { runMenuRefreshAll, type UnattendedTrigger } from './refresh-all/menu-refresh-all';
import { refreshOnOpenIsOn, stopScheduleForRefusedKey } from './automation/sheets-automation';
import { addReportsMenu } from './ui/reports-menu';
import type { ServerResult } from '../shared/server-result';
import { boundSpreadsheet, serverService, sheetsHostOf, type ServerServices } from './service/server-service';
import { openSidebar } from './ui/open-sidebar';
import { callResult as readCallResult, startCall, type CallStarted } from './calls/sidebar-calls';
import type { CallRecord } from '../shared/sidebar-api';

const services: ServerServices = {
  spreadsheetApp: live.spreadsheetApp,
  urlFetch: live.urlFetch,
  properties: live.properties,
  cache: live.cache,
  locks: live.locks,
  utilities: live.utilities,
  scriptApp: live.scriptApp,
};

/**
 * The menu: onOpen runs in AuthMode.NONE for an add-on not yet used in this document, where nothing else is allowed;
 * elsewhere the menu also says when refresh on open is on.
 */
export function onOpen(_e?: unknown): void {
  addReportsMenu(live.spreadsheetApp().getUi(), { refreshOnOpen: refreshOnOpenIsOn(services) });
}

/** Runs in AuthMode.FULL right after installation; the menu is all it needs. */
export function onInstall(e?: unknown): void {
  onOpen(e);
}

/** Menu: Open reports. */
export function openReports(): void {
  openSidebar(live.html(), live.spreadsheetApp().getUi());
}

function menuRefreshAll(resume: boolean, trigger: UnattendedTrigger = 'menu'): void {
  const book = boundSpreadsheet(services);
  const documentProperties = services.properties().getDocumentProperties();
  if (documentProperties === null) return;
  const host = sheetsHostOf(services, book);
  // The run goes on in this execution's microtasks after the entry point returns (every service is synchronous).
  void runMenuRefreshAll(
    {
      service: serverService(services),
      book,
      documentProperties,
      scriptApp: services.scriptApp(),
      locks: services.locks(),
      runLog: host.documentStore,
      now: () => Date.now(),
      mintId: () => `menu_${services.utilities().getUuid().replace(/-/g, '')}`,
      trigger,
      onKeyRefused: (t) => (t === 'schedule' ? stopScheduleForRefusedKey(services, host.documentStore) : undefined),
    },
    resume,
  ).catch((e: unknown) => {
    book.toast(`Refresh all stopped: ${e instanceof Error ? e.message : String(e)}`, 'Reports', 10);
  });
}

/** Menu: Refresh all reports (the sidebar may be closed). */
export function refreshAllReports(): void {
  menuRefreshAll(false);
}

/** The one-off time-based trigger that continues a Refresh all stopped near the 6-minute limit. */
export function resumeRefreshAll(_e?: unknown): void {
  menuRefreshAll(true);
}

/** This user's installable on-open trigger (refresh on open): Refresh all with the user's own key. */
export function refreshAllOnOpen(_e?: unknown): void {
  menuRefreshAll(false, 'open');
}

/** The schedule's time-driven trigger: Refresh all with the key of the person who set it. */
export function scheduledRefreshAll(_e?: unknown): void {
  menuRefreshAll(false, 'schedule');
}

/** Sidebar: the answer of a call it started. */
export function callResult(args: unknown): ServerResult<CallRecord | null> {
  return readCallResult(services, args);
}

const sidebarEntry =
  (method: SidebarMethod) =>
  (args: unknown): ServerResult<CallStarted> =>
    startCall(services, method, args);

/** Sidebar: one entry point per AddinService method (see sidebar-api.ts). */
export const sidebarEntryPoints = Object.fromEntries(SIDEBAR_METHODS.map((m) => [m, sidebarEntry(m)])) as Record<
  SidebarMethod,
  (args: unknown) => ServerResult<CallStarted>
>;

export const {
  getSession,
  signIn,
  signOut,
  listDeployments,
  listEnvironments,
  getContext,
  setContext,
  getMeta,
  suggestValues,
  preview,
  activeCell,
  insert,
  listPlacements,
  refresh,
  refreshAll,
  cancel,
  jobStatus,
  goTo,
  loadDraft,
  update,
  remove,
  movePlacement,
  setPlacementGrowth,
  setPlacementContext,
  locateHandEdits,
  showChanges,
  undoRefresh,
  checkHandEdits,
  bindParameters,
  boundCellValues,
  setRefreshOnParameterChange,
  confirmPlacement,
  cellsEdited,
  placeAgain,
  placeReport,
  replaceOrphan,
  getAutomation,
  setAutomation,
  runLog,
  clearRunMarks,
} = sidebarEntryPoints;

// Every name in ENTRY_POINTS is exported above as a function (the build generates stubs from that list).
export const entryPoints = {
  onOpen,
  onInstall,
  openReports,
  refreshAllReports,
  resumeRefreshAll,
  refreshAllOnOpen,
  scheduledRefreshAll,
  callResult,
  ...sidebarEntryPoints,
} satisfies Record<EntryPointName, (arg?: never) => unknown>;
