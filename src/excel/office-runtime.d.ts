/**
 * The part of OfficeRuntime (SharedRuntime 1.1) the add-in uses, which @types/office-js does not declare.
 * See learn.microsoft.com: OfficeRuntime.storage.
 */
declare namespace OfficeRuntime {
  /** Per-domain storage of the shared runtime: 10 MB, strings only, kept across sessions. */
  interface Storage {
    getItem(key: string): Promise<string | null>;
    setItem(key: string, value: string): Promise<void>;
    removeItem(key: string): Promise<void>;
  }
  const storage: Storage;
}
