/**
 * The core's own cancellation token: a signal to watch and the source that trips it.
 * A bare ECMAScript runtime has no abort controller of its own.
 */

/** What a cancellable call watches: read `cancelled`, or register a callback that runs once when it trips. */
export interface CancelSignal {
  readonly cancelled: boolean;
  /**
   * Calls `callback` once when the signal trips (at once, synchronously, when it already has); returns the function
   * that unregisters it.
   */
  onCancel(callback: () => void): () => void;
}

/** The owner's side: trips its signal once; later calls do nothing. */
export interface CancelSource {
  readonly signal: CancelSignal;
  cancel(): void;
}

export function createCancelSource(): CancelSource {
  let cancelled = false;
  const callbacks = new Set<{ run: () => void }>();
  const signal: CancelSignal = {
    get cancelled() {
      return cancelled;
    },
    onCancel(callback) {
      if (cancelled) {
        callback();
        return () => undefined;
      }
      const entry = { run: callback };
      callbacks.add(entry);
      return () => {
        callbacks.delete(entry);
      };
    },
  };
  return {
    signal,
    cancel() {
      if (cancelled) return;
      cancelled = true;
      const pending = [...callbacks];
      callbacks.clear();
      for (const entry of pending) {
        try {
          entry.run();
        } catch (e) {
          // One failing callback must not keep the others from running; its error surfaces as an unhandled rejection.
          void Promise.reject(e);
        }
      }
    },
  };
}
