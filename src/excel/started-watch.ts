/** An Excel event watch started and stopped synchronously over its asynchronous registration, failures logged. */

/** Where a failure goes, and what it says on starting and on stopping. */
export interface WatchFailures {
  log: (message: string, detail: unknown) => void;
  startFailed: string;
  stopFailed: string;
}

/** Starts `start` at once and returns the function that stops the watch once it is registered (or logs why not). */
export function startedWatch(start: () => Promise<() => Promise<void>>, failures: WatchFailures): () => void {
  const stop = start();
  stop.catch((e: unknown) => failures.log(failures.startFailed, e));
  return () => {
    stop.then((s) => s()).catch((e: unknown) => failures.log(failures.stopFailed, e));
  };
}
