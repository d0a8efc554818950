/** What createAddinService is given: the host, the transport, the clock and randomness, and the runtime's options. */
import type { SlowStreamLimit } from '../api/rate-floor';
import type { Transport } from '../api/transport';
import type { SpreadsheetHost } from '../host';
import type { JobStore } from '../jobs/job-store';
import type { Clock } from '../runtime/clock';
import type { SelectionChanges, WorkbookChanges } from './service-events';
import type { UndoSetting } from '../placements/undo-keeper';

export interface AddinServiceDeps {
  host: SpreadsheetHost;
  transport: Transport;
  clock: Clock;
  /** Uniform in [0, 1): backoff jitter and request span ids. */
  random: () => number;
  /** Cryptographically strong bytes: publicIds and placement ids. */
  randomBytes: (n: number) => Uint8Array;
  /** Prefill of the Tenant URL field (the local platform under `npm start`). */
  defaultTenantUrl: string | null;
  /** IANA time zone sent with every query. */
  timezone: string;
  /** Ask the query API for `Continue wait` instead of long-held requests (default true; Apps Script needs it). */
  throwContinueWait?: boolean;
  /** Bytes of one query result the runtime can take (default: the query client's; Apps Script caps a response at 50 MB). */
  maxResultBytes?: number;
  /** How long a streamed query result may bring no byte before the run stops (default 120 s; Infinity turns it off). */
  idleTimeoutMs?: number;
  /** How long one control-plane or metadata call may take (default 30 s; Infinity turns it off). */
  callTimeoutMs?: number;
  /** The slowest a streamed query result may arrive (default 100 bytes a second over 60 s). */
  slowStream?: Partial<SlowStreamLimit>;
  /** Queries in flight at once during Refresh all (default 3). */
  refreshConcurrency?: number;
  /**
   * Where the host can tell when sheets or tracked areas change outside the add-in (a sheet renamed or deleted, rows
   * inserted or deleted): subscribe and return the unsubscribe function. Each change is passed on as 'placementsChanged',
   * so the pane's list shows where the reports are now (an orphaned one as such) without waiting for a refresh. Cells
   * edited outside the add-in are passed as `onChange(edit)` (the add-in's own writes never): see `cellsEdited`.
   */
  workbookChanges?: WorkbookChanges;
  /**
   * Where the host tells when the user selects other cells (Excel: Workbook.onSelectionChanged): each change is passed
   * on as 'selectionChanged', so the pane's "Insert at …" follows the selection at once instead of at its next poll.
   */
  selectionChanges?: SelectionChanges;
  /**
   * Where job statuses are kept so that `jobStatus` and `cancel` work from any request (Apps Script: the script cache);
   * default: this runtime's memory.
   */
  jobStore?: JobStore;
  /**
   * Lets the host's page handle input and paint between two writes or clears of a job (the preview: a macrotask; Excel's
   * own calls already are). Without it nothing yields between them.
   */
  yieldToHost?: () => Promise<void>;
  /**
   * How Undo refresh keeps what refreshes replaced: in this runtime's memory up to `maxCells` cells (default
   * BROWSER_UNDO_CELLS), or `unavailable` with the reason the pane shows.
   */
  undo?: UndoSetting;
  /** A time as the anchor note shows it in the user's local time ("2026-11-26 10:04"); absent: UTC. */
  noteTime?: (ms: number) => string;
}
