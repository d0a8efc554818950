/** What the task pane shows at start: why Office is unavailable, a message outside Excel or in an old Excel, else the pane. */
import { missingRequirementSets, requirementMessage } from './requirements';

export type PaneStart =
  | { kind: 'officeUnavailable'; message: string }
  | { kind: 'outsideOffice'; message: string }
  | { kind: 'unsupported'; message: string }
  | { kind: 'ready' };

export const OUTSIDE_OFFICE_MESSAGE =
  'This page is the Reports add-in for Excel. Open it from Excel: Home tab, Reports (Excel on the web, Windows or Mac, with the add-in installed).';

/** office.js did not load (a blocked CDN, offline, a proxy): the page has no Office API at all. */
export const OFFICE_JS_MISSING_MESSAGE =
  "The Office add-in library (office.js) could not be loaded from Microsoft's servers, so the Reports pane cannot start. " +
  'Check that this computer is online and that a firewall or proxy does not block appsforoffice.microsoft.com, then close the pane and open it again.';

/** office.js loaded but Office.onReady never answered: Excel did not start the add-in. */
export const OFFICE_NOT_READY_MESSAGE =
  'Excel did not start the Reports add-in: Office did not answer within 20 seconds. ' +
  'Close the pane and open it again; if this keeps happening, restart Excel or check your network connection.';

/** How long Office.onReady may take before the pane says Excel did not answer (Office answers within a second or two). */
export const OFFICE_READY_TIMEOUT_MS = 20_000;

type OfficeApi = Pick<typeof Office, 'onReady' | 'context'>;

/** Waits for Office (at most `timeoutMs`), then decides; `office` is undefined when office.js did not load. */
export async function startPane(office: OfficeApi | undefined, timeoutMs = OFFICE_READY_TIMEOUT_MS): Promise<PaneStart> {
  if (office === undefined) return { kind: 'officeUnavailable', message: OFFICE_JS_MISSING_MESSAGE };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const info = await Promise.race([office.onReady(), timedOut]).finally(() => clearTimeout(timer));
  if (info === 'timeout') return { kind: 'officeUnavailable', message: OFFICE_NOT_READY_MESSAGE };
  if (info.host === null || info.host === undefined) return { kind: 'outsideOffice', message: OUTSIDE_OFFICE_MESSAGE };
  const missing = missingRequirementSets((name, version) => office.context.requirements.isSetSupported(name, version));
  return missing.length > 0 ? { kind: 'unsupported', message: requirementMessage(missing) } : { kind: 'ready' };
}
