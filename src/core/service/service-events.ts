/** The service's event listeners, and the host's workbook-change watch that runs while any listener is subscribed. */
import type { ServiceEvent } from './addin-service';
import type { CellsEdited } from './cells-edited';

/** A host's change watch: `onChange` with no argument for sheets or areas changed, with the cells for an edit. */
export type WorkbookChanges = (onChange: (edit?: CellsEdited) => void) => () => void;

export class ServiceEvents {
  private readonly listeners = new Set<(event: ServiceEvent) => void>();
  /** Stops listening to the host's workbook changes; set while the service has listeners. */
  private stopWatching: (() => void) | null = null;

  /**
   * `workbookChanges`: where the host tells of sheets or tracked areas changed outside the add-in, or of cells edited
   * (see AddinServiceDeps); edited cells go to `edited`, every other change is sent as 'placementsChanged'.
   */
  constructor(
    private readonly workbookChanges: WorkbookChanges | undefined,
    private readonly edited: (edit: CellsEdited) => void = () => undefined,
  ) {}

  subscribe(listener: (event: ServiceEvent) => void): () => void {
    this.listeners.add(listener);
    if (this.stopWatching === null && this.workbookChanges !== undefined) {
      this.stopWatching = this.workbookChanges((edit) => (edit ? this.edited(edit) : this.emit({ type: 'placementsChanged' })));
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.stopWatching !== null) {
        const stop = this.stopWatching;
        this.stopWatching = null;
        stop();
      }
    };
  }

  emit(event: ServiceEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (e) {
        // A failing listener must not break the job it watches; its error is reported as an unhandled rejection.
        void Promise.reject(e);
      }
    }
  }
}
