/** The per-placement states of a refresh job and the summary Refresh all returns (plain data: it crosses google.script.run). */
import type { AddinErrorKind } from '../errors/addin-error';

export type JobItemState =
  | { state: 'queued' }
  | { state: 'running' }
  | { state: 'writing' }
  /** dataRows: data rows written (header rows not counted). */
  | { state: 'done'; dataRows: number; cols: number }
  | { state: 'failed'; kind: AddinErrorKind; message: string }
  | { state: 'stopped' }
  /**
   * Not refreshed: its cells were edited by hand (`reason` is the 'handEdited' message) and the run was told to skip them,
   * or (`needsConfirmation`) an unattended run met a placement its key's owner has not placed or confirmed.
   */
  | { state: 'skipped'; reason: string; needsConfirmation?: true };

export interface RefreshAllSummary {
  total: number;
  done: number;
  failed: number;
  stopped: number;
  /** Placements left as they were because their cells were edited by hand. */
  skipped: number;
  /** Placements an unattended run left alone because their key's owner has not placed or confirmed them (absent: none). */
  needsConfirmation?: number;
  items: Array<{ placementId: string; item: JobItemState }>;
}
