/** Notices the preview shows above the grid: the saved workbook was damaged, or the workbook could not be saved. */
import type { WorkbookStoreMedium } from './workbook-store';

export type PreviewNoticeId = 'damaged' | 'saveFailed';

export interface PreviewNotice {
  id: PreviewNoticeId;
  intent: 'warning' | 'error';
  title: string;
  message: string;
}

/** "2.4 MB" */
export function megabytes(chars: number): string {
  // Browsers count storage in UTF-16 code units (2 bytes each).
  return `${((chars * 2) / 1_000_000).toFixed(1)} MB`;
}

/** `keptAt`: where the damaged copy was set aside, in words (null when it could not be kept). */
export function damagedNotice(reason: string, keptAt: string | null): PreviewNotice {
  const kept = keptAt === null ? 'The damaged copy could not be kept.' : `The damaged copy is kept in this browser's storage (${keptAt}).`;
  return {
    id: 'damaged',
    intent: 'warning',
    title: 'Started a new workbook',
    message: `The workbook saved in this browser could not be read (${reason}), so the preview started with an empty workbook. ${kept}`,
  };
}

/** `medium`: where the preview saves (localStorage holds about 5 MB per site; IndexedDB a share of the disk). */
export function saveFailedNotice(chars: number, cause: unknown, medium: WorkbookStoreMedium = 'localStorage'): PreviewNotice {
  // DOMException is an Error in browsers but not in every test environment.
  const named =
    typeof cause === 'object' && cause !== null && 'name' in cause && 'message' in cause
      ? { name: String(cause.name), message: String(cause.message) }
      : null;
  const quota = named !== null && /quota/i.test(`${named.name} ${named.message}`);
  const why = quota
    ? medium === 'localStorage'
      ? `it needs about ${megabytes(chars)}, and without IndexedDB (as in some private windows) browsers keep about 5 MB per site`
      : `it needs about ${megabytes(chars)} and this browser's storage for the site is full`
    : `the browser refused to store it${named !== null && named.message ? `: ${named.message}` : ''}`;
  return {
    id: 'saveFailed',
    intent: 'error',
    title: 'Workbook not saved',
    message: `The workbook could not be saved in this browser (${why}). Changes made since are lost when the page reloads; remove large reports or sheets to save again.`,
  };
}
