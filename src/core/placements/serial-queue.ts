/** Promise chains that run tasks one after another per key (no timers): per-placement serialization and the write lock. */

export class SerialQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /** Run `task` after every task queued earlier under `key` has settled; its result or error goes to the caller only. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(() => task());
    // The chain only orders tasks: a failure belongs to the caller of that task, not to the next one.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** True while a task under `key` is queued or running. */
  busy(key: string): boolean {
    return this.tails.has(key);
  }
}
