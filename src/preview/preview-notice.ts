/** Notices the preview shows above the grid: the saved workbook was damaged, or the workbook could not be saved. */

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

export function damagedNotice(reason: string, backupKey: string | null): PreviewNotice {
  const kept = backupKey === null ? 'The damaged copy could not be kept.' : `The damaged copy is kept in this browser's storage under "${backupKey}".`;
  return {
    id: 'damaged',
    intent: 'warning',
    title: 'Started a new workbook',
    message: `The workbook saved in this browser could not be read (${reason}), so the preview started with an empty workbook. ${kept}`,
  };
}

export function saveFailedNotice(chars: number, cause: unknown): PreviewNotice {
  const quota = cause instanceof Error && /quota/i.test(`${cause.name} ${cause.message}`);
  const why = quota
    ? `it needs about ${megabytes(chars)} and browsers keep about 5 MB per site`
    : `the browser refused to store it${cause instanceof Error ? `: ${cause.message}` : ''}`;
  return {
    id: 'saveFailed',
    intent: 'error',
    title: 'Workbook not saved',
    message: `The workbook could not be saved in this browser (${why}). Changes made since are lost when the page reloads; remove large reports or sheets to save again.`,
  };
}
