/** The server bundle's exports: every entry point is a plain synchronous function; the build wraps each in a top-level function of the same name. */
import type { EntryPointName } from './entry-points';
import { JobStore } from './job-store';
import { live } from './live-services';
import { addReportsMenu } from './reports-menu';
import { parseArgs, serverCall, type ServerResult } from './server-call';
import { openSidebar } from './sidebar';
import { sidebarApi, type SidebarFunction, type SidebarResult } from './sidebar-api';

/** The menu only: onOpen runs in AuthMode.NONE for an add-on not yet used in this document, where nothing else is allowed. */
export function onOpen(_e?: unknown): void {
  addReportsMenu(live.spreadsheetApp().getUi());
}

/** Runs in AuthMode.FULL right after installation; the menu is all it needs. */
export function onInstall(e?: unknown): void {
  onOpen(e);
}

/** Menu: Open reports. */
export function openReports(): void {
  openSidebar(live.html(), live.spreadsheetApp().getUi());
}

/**
 * Menu: Refresh all reports.
 * PLACEHOLDER until the job runner is assembled on the reshaped host port: it only says so with a toast.
 */
export function refreshAllReports(): void {
  live
    .spreadsheetApp()
    .getActiveSpreadsheet()
    .toast('Refresh all reports is not assembled in this build yet. Open reports to refresh them one by one.', 'Reports', 10);
}

/** Sidebar: the record of a job the sidebar started (null once unknown or expired). */
export function jobStatus(args: unknown): ServerResult<SidebarResult<'jobStatus'>> {
  return serverCall(() => {
    const { jobId } = parseArgs(sidebarApi.jobStatus.args, args, 'jobStatus');
    return new JobStore(live.cache().getScriptCache(), Date.now).read(jobId);
  });
}

/** Sidebar: asks a running job to stop; it takes effect between requests and blocks (a UrlFetchApp call cannot be aborted). */
export function cancelJob(args: unknown): ServerResult<SidebarResult<'cancelJob'>> {
  return serverCall(() => {
    const { jobId } = parseArgs(sidebarApi.cancelJob.args, args, 'cancelJob');
    new JobStore(live.cache().getScriptCache(), Date.now).requestCancel(jobId);
    return null;
  });
}

// Every name in ENTRY_POINTS is exported above as a function (the build generates stubs from that list).
export const entryPoints = { onOpen, onInstall, openReports, refreshAllReports, jobStatus, cancelJob } satisfies Record<
  EntryPointName,
  (arg?: never) => unknown
>;

// Every sidebar function is an entry point answering its declared result.
export const sidebarEntryPoints = { jobStatus, cancelJob } satisfies {
  [K in SidebarFunction]: (args: unknown) => ServerResult<SidebarResult<K>>;
};
