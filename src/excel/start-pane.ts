/** What the task pane shows at start: a message outside Office or in an Excel that lacks a requirement set, else the pane. */
import { missingRequirementSets, requirementMessage } from './requirements';

export type PaneStart = { kind: 'outsideOffice'; message: string } | { kind: 'unsupported'; message: string } | { kind: 'ready' };

export const OUTSIDE_OFFICE_MESSAGE =
  'This page is the Reports add-in for Excel. Open it from Excel: Home tab, Reports (Excel on the web, Windows or Mac, with the add-in installed).';

type OfficeApi = Pick<typeof Office, 'onReady' | 'context'>;

/** Waits for Office, then decides; `office` is undefined when office.js did not load (a plain browser tab offline). */
export async function startPane(office: OfficeApi | undefined): Promise<PaneStart> {
  if (office === undefined) return { kind: 'outsideOffice', message: OUTSIDE_OFFICE_MESSAGE };
  const info = await office.onReady();
  if (info.host === null || info.host === undefined) return { kind: 'outsideOffice', message: OUTSIDE_OFFICE_MESSAGE };
  const missing = missingRequirementSets((name, version) => office.context.requirements.isSetSupported(name, version));
  return missing.length > 0 ? { kind: 'unsupported', message: requirementMessage(missing) } : { kind: 'ready' };
}
