/** The service's event listeners, and the host's workbook-change and selection watches that run while any listener is subscribed. */
import type { ServiceEvent } from './addin-service';
import type { CellsEdited } from './cells-edited';

/** A host's change watch: `onChange` with no argument for sheets or areas changed, with the cells for an edit. */
export type WorkbookChanges = (onChange: (edit?: CellsEdited) => void) => () => void;

/** A host's selection watch: `onChange` each time the user selects other cells; returns the function that stops it. */
export type SelectionChanges = (onChange: () => void) => () => void;

export class ServiceEvents {
  private readonly listeners = new Set<(event: ServiceEvent) => void>();
  /** Stops listening to the host's workbook changes and selection; set while the service has listeners. */
  private stopWatching: (() => void) | null = null;

  /**
   * `workbookChanges`: where the host tells of sheets or tracked areas changed outside the add-in, or of cells edited
   * (see AddinServiceDeps); edited cells go to `edited`, every other change is sent as 'placementsChanged'.
   * `selectionChanges`: where the host tells of a new selection, sent as 'selectionChanged'.
   */
  constructor(
    private readonly workbookChanges: WorkbookChanges | undefined,
    private readonly edited: (edit: CellsEdited) => void = () => undefined,
    private readonly selectionChanges?: SelectionChanges,
  ) {}

  subscribe(listener: (event: ServiceEvent) => void): () => void {
    this.listeners.add(listener);
    if (this.stopWatching === null) this.stopWatching = this.watch();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.stopWatching !== null) {
        const stop = this.stopWatching;
        this.stopWatching = null;
        stop();
      }
    };
  }

  /** Starts the host's watches; the function returned stops them all. */
  private watch(): () => void {
    const stops: Array<() => void> = [];
    if (this.workbookChanges !== undefined)
      stops.push(this.workbookChanges((edit) => (edit ? this.edited(edit) : this.emit({ type: 'placementsChanged' }))));
    if (this.selectionChanges !== undefined) stops.push(this.selectionChanges(() => this.emit({ type: 'selectionChanged' })));
    return () => {
      for (const stop of stops) stop();
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
