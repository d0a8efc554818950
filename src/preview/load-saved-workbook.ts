/**
 * Reads the saved workbook from its store before the page shows it.
 * A readable value becomes the model; a damaged one is set aside with a notice.
 */
import { AddinError } from '../core/errors/addin-error';
import { damagedNotice, type PreviewNotice } from './preview-notice';
import { parseSavedWorkbook, type LoadedWorkbook } from './saved-workbook';
import type { WorkbookStore } from './workbook-store';

export interface OpenedWorkbook {
  /** null: start a new workbook (nothing saved, or the saved value was damaged). */
  loaded: LoadedWorkbook | null;
  notices: PreviewNotice[];
}

/** Rejects only when the store cannot be read at all (then nothing may be saved over it). */
export async function loadSavedWorkbook(store: WorkbookStore): Promise<OpenedWorkbook> {
  const raw = await store.read();
  if (raw === null || raw === undefined) return { loaded: null, notices: [] };
  try {
    if (typeof raw !== 'string') throw new AddinError('contract', 'The saved workbook could not be read.', { detail: 'not text' });
    return { loaded: parseSavedWorkbook(raw), notices: [] };
  } catch (e) {
    const reason = e instanceof AddinError && e.detail ? e.detail : 'it is not a workbook this preview saved';
    let keptAt: string | null;
    try {
      keptAt = await store.setAside(raw);
    } catch {
      keptAt = null;
    }
    return { loaded: null, notices: [damagedNotice(reason, keptAt)] };
  }
}
