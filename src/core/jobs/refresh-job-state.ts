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
  /** Not refreshed because its cells were edited by hand; `reason` is the 'handEdited' message. */
  | { state: 'skipped'; reason: string };

export interface RefreshAllSummary {
  total: number;
  done: number;
  failed: number;
  stopped: number;
  skipped: number;
  items: Array<{ placementId: string; item: JobItemState }>;
}
