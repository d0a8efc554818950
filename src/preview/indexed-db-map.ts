/**
 * A small promise wrapper over one IndexedDB object store used as a key-value map.
 * Open with upgrade, get, put, delete; each call is one transaction that settles when it commits.
 */

/** An event handler slot as IndexedDB declares it; the wrapper never reads the event. */
export type IdbHandler = ((ev: never) => unknown) | null;

/** The parts of IndexedDB the wrapper uses: window.indexedDB satisfies them, tests pass an in-memory fake. */
export interface IdbRequestLike<T> {
  readonly result: T;
  readonly error: DOMException | null;
  onsuccess: IdbHandler;
  onerror: IdbHandler;
}

export interface IdbOpenRequestLike extends IdbRequestLike<IdbDatabaseLike> {
  onupgradeneeded: IdbHandler;
}

export interface IdbFactoryLike {
  open(name: string, version?: number): IdbOpenRequestLike;
}

export interface IdbObjectStoreLike {
  get(key: string): IdbRequestLike<unknown>;
  put(value: unknown, key: string): IdbRequestLike<unknown>;
  delete(key: string): IdbRequestLike<unknown>;
}

export interface IdbTransactionLike {
  readonly error: DOMException | null;
  objectStore(name: string): IdbObjectStoreLike;
  oncomplete: IdbHandler;
  onabort: IdbHandler;
}

export interface IdbDatabaseLike {
  readonly objectStoreNames: { contains(name: string): boolean };
  createObjectStore(name: string): unknown;
  transaction(storeName: string, mode: 'readonly' | 'readwrite'): IdbTransactionLike;
  close(): void;
  onversionchange: IdbHandler;
  onclose: IdbHandler;
}

/** Schema version of the databases this wrapper creates (one object store, out-of-line keys). */
const DATABASE_VERSION = 1;

function openDatabase(factory: IdbFactoryLike, database: string, storeName: string): Promise<IdbDatabaseLike> {
  return new Promise((resolve, reject) => {
    let request: IdbOpenRequestLike;
    try {
      request = factory.open(database, DATABASE_VERSION);
    } catch (e) {
      // Some private modes throw here instead of failing the request.
      reject(e);
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(storeName)) db.createObjectStore(storeName);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB database "${database}" could not be opened.`));
  });
}

export class IndexedDbMap {
  private db: IdbDatabaseLike | null;

  private constructor(
    private readonly factory: IdbFactoryLike,
    readonly database: string,
    readonly storeName: string,
    db: IdbDatabaseLike,
  ) {
    this.db = this.watch(db);
  }

  /** Opens (creating when needed) the database and its object store; rejects when the browser offers no IndexedDB here. */
  static async open(factory: IdbFactoryLike, database: string, storeName: string): Promise<IndexedDbMap> {
    return new IndexedDbMap(factory, database, storeName, await openDatabase(factory, database, storeName));
  }

  /** The value under `key`, or undefined. */
  get(key: string): Promise<unknown> {
    return this.run('readonly', (store) => store.get(key));
  }

  /** Stores `value` under `key`; resolves once the transaction has committed (rejects with e.g. QuotaExceededError). */
  async put(key: string, value: unknown): Promise<void> {
    await this.run('readwrite', (store) => store.put(value, key));
  }

  /**
   * Requests made one after the other in one transaction: `step` makes the first (given undefined), then the next from
   * each one's result, until it returns null. Each request's value is cloned in a task of its own (its predecessor's
   * success event), so a large value stored in parts never freezes the page; resolves once the whole commits.
   */
  async sequence(
    mode: 'readonly' | 'readwrite',
    step: (store: IdbObjectStoreLike, previous: unknown) => IdbRequestLike<unknown> | null,
  ): Promise<void> {
    await this.run(mode, (store) => {
      const issue = (previous: unknown): IdbRequestLike<unknown> | null => {
        const request = step(store, previous);
        if (request !== null) request.onsuccess = () => void issue(request.result);
        return request;
      };
      const first = issue(undefined);
      if (first === null) throw new Error('IndexedDbMap.sequence: no request to make');
      return first;
    });
  }

  async delete(key: string): Promise<void> {
    await this.run('readwrite', (store) => store.delete(key));
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }

  /** Lets go of the connection when another tab upgrades the database or the browser closes it; the next call reopens. */
  private watch(db: IdbDatabaseLike): IdbDatabaseLike {
    db.onversionchange = () => {
      db.close();
      if (this.db === db) this.db = null;
    };
    db.onclose = () => {
      if (this.db === db) this.db = null;
    };
    return db;
  }

  /** One transaction; started synchronously while the connection is open (so it is queued before the caller's next one). */
  private run<T>(mode: 'readonly' | 'readwrite', op: (store: IdbObjectStoreLike) => IdbRequestLike<T>): Promise<T> {
    const db = this.db;
    if (db === null) return this.reopen().then((fresh) => this.transact(fresh, mode, op));
    return this.transact(db, mode, op).catch((e: unknown) => {
      // A connection the browser closed under us (InvalidStateError): reopen once and try again.
      if (!(e instanceof DOMException && e.name === 'InvalidStateError') || this.db !== null) throw e;
      return this.reopen().then((fresh) => this.transact(fresh, mode, op));
    });
  }

  private async reopen(): Promise<IdbDatabaseLike> {
    const db = this.watch(await openDatabase(this.factory, this.database, this.storeName));
    this.db = db;
    return db;
  }

  private transact<T>(
    db: IdbDatabaseLike,
    mode: 'readonly' | 'readwrite',
    op: (store: IdbObjectStoreLike) => IdbRequestLike<T>,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      let tx: IdbTransactionLike;
      let request: IdbRequestLike<T>;
      try {
        tx = db.transaction(this.storeName, mode);
        request = op(tx.objectStore(this.storeName));
      } catch (e) {
        if (this.db === db && e instanceof DOMException && e.name === 'InvalidStateError') this.db = null;
        reject(e);
        return;
      }
      tx.oncomplete = () => resolve(request.result);
      // A failed request aborts its transaction (the error event's default action), so abort is the one failure path.
      tx.onabort = () => reject(tx.error ?? request.error ?? new DOMException('The IndexedDB transaction was aborted.', 'AbortError'));
    });
  }
}
