/**
 * A job's reads of the host, made once and shared by its steps, and the records it saves at its end.
 * The reads are the registry and the layout at the job's start.
 */
import type { WorkbookLayout } from '../host';
import type { PlacementRecord, Registry } from '../placements/placement-record';
import type { CellFingerprint } from '../changes/fingerprint';

export class JobScope {
  private registryRead: Promise<Registry> | null;
  private layoutRead: Promise<WorkbookLayout> | null = null;
  /** Records written or failed during the job, saved together when it ends (Orchestrator.flush). */
  readonly unsaved = new Map<string, PlacementRecord>();
  /** Fingerprints of the cells the job wrote, by placement: saved with their records, in the same document write. */
  readonly prints = new Map<string, CellFingerprint>();

  /** `registry`: the registry when the caller has already read it (with the workbook context, in one document read). */
  constructor(registry?: Registry) {
    this.registryRead = registry ? Promise.resolve(registry) : null;
  }

  /** The registry, read once (concurrent steps share the read; a failed read is tried again by the next step). */
  registry(read: () => Promise<Registry>): Promise<Registry> {
    if (this.registryRead === null) {
      const p = read();
      this.registryRead = p;
      p.catch(() => {
        if (this.registryRead === p) this.registryRead = null;
      });
    }
    return this.registryRead;
  }

  /** Replaces the registry the job knows (after it saved records). */
  setRegistry(registry: Registry): void {
    this.registryRead = Promise.resolve(registry);
  }

  /** The layout at the job's start, read once (a write reads it afresh under the write lock). */
  layout(read: () => Promise<WorkbookLayout>): Promise<WorkbookLayout> {
    if (this.layoutRead === null) {
      const p = read();
      this.layoutRead = p;
      p.catch(() => {
        if (this.layoutRead === p) this.layoutRead = null;
      });
    }
    return this.layoutRead;
  }

  /** Keeps the freshest layout the job has read. */
  setLayout(layout: WorkbookLayout): void {
    this.layoutRead = Promise.resolve(layout);
  }
}
