/**
 * An in-memory stand-in for the subset of IndexedDB the preview uses.
 * Open with upgrade, one-store transactions, get/put/delete, events after a microtask, quota and held commits.
 */
import type {
  IdbDatabaseLike,
  IdbFactoryLike,
  IdbHandler,
  IdbObjectStoreLike,
  IdbOpenRequestLike,
  IdbRequestLike,
  IdbTransactionLike,
} from '../../src/preview/indexed-db-map';

function fire(handler: IdbHandler): void {
  if (handler) (handler as (ev?: unknown) => unknown)();
}

/** Runs after the current task's synchronous code, like IndexedDB's events (a resolved promise: jest's fake timers leave it alone). */
function later(fn: () => void): void {
  void Promise.resolve().then(fn);
}

class FakeRequest<T> implements IdbRequestLike<T> {
  result = undefined as T;
  error: DOMException | null = null;
  onsuccess: IdbHandler = null;
  onerror: IdbHandler = null;
}

class FakeOpenRequest extends FakeRequest<IdbDatabaseLike> implements IdbOpenRequestLike {
  onupgradeneeded: IdbHandler = null;
}

type Stores = Map<string, Map<string, unknown>>;
type Op =
  | { kind: 'get'; key: string; request: FakeRequest<unknown> }
  | { kind: 'delete'; key: string; request: FakeRequest<unknown> }
  | { kind: 'put'; key: string; value: unknown; request: FakeRequest<unknown> };

class FakeTransaction implements IdbTransactionLike {
  error: DOMException | null = null;
  oncomplete: IdbHandler = null;
  onabort: IdbHandler = null;
  readonly ops: Op[] = [];

  constructor(
    readonly storeName: string,
    readonly mode: 'readonly' | 'readwrite',
  ) {}

  objectStore(name: string): IdbObjectStoreLike {
    if (name !== this.storeName) throw new DOMException(`No store "${name}" in this transaction.`, 'NotFoundError');
    const add = (op: Op): FakeRequest<unknown> => {
      this.ops.push(op);
      return op.request;
    };
    return {
      get: (key) => add({ kind: 'get', key, request: new FakeRequest() }),
      put: (value, key) => {
        if (this.mode !== 'readwrite') throw new DOMException('The transaction is read-only.', 'ReadOnlyError');
        return add({ kind: 'put', key, value: structuredClone(value), request: new FakeRequest() });
      },
      delete: (key) => {
        if (this.mode !== 'readwrite') throw new DOMException('The transaction is read-only.', 'ReadOnlyError');
        return add({ kind: 'delete', key, request: new FakeRequest() });
      },
    };
  }
}

class FakeDatabase implements IdbDatabaseLike {
  onversionchange: IdbHandler = null;
  onclose: IdbHandler = null;
  closed = false;

  constructor(
    private readonly factory: FakeIndexedDb,
    readonly stores: Stores,
  ) {}

  get objectStoreNames(): { contains(name: string): boolean } {
    return { contains: (name) => this.stores.has(name) };
  }

  createObjectStore(name: string): unknown {
    if (this.stores.has(name)) throw new DOMException(`Store "${name}" exists.`, 'ConstraintError');
    this.stores.set(name, new Map());
    return {};
  }

  transaction(storeName: string, mode: 'readonly' | 'readwrite'): IdbTransactionLike {
    if (this.closed) throw new DOMException('The database connection is closing.', 'InvalidStateError');
    const store = this.stores.get(storeName);
    if (!store) throw new DOMException(`No store "${storeName}".`, 'NotFoundError');
    const tx = new FakeTransaction(storeName, mode);
    this.factory.started(tx);
    later(() => this.factory.execute(tx, store));
    return tx;
  }

  close(): void {
    this.closed = true;
  }
}

export class FakeIndexedDb implements IdbFactoryLike {
  readonly databases = new Map<string, { version: number; stores: Stores }>();
  /** Refuse opening, as some private modes do: throw from open() or fail the request. */
  refuseOpen: 'throw' | 'error' | null = null;
  /** Largest string one put may store (QuotaExceededError beyond, aborting its transaction). */
  quotaChars = Infinity;
  /** While true, readwrite transactions wait for release() before committing. */
  holdWrites = false;
  opens = 0;
  upgrades = 0;
  /** Readwrite transactions started, and the most ever open at once. */
  writeTransactions = 0;
  maxWritesInFlight = 0;
  private writesInFlight = 0;
  private held: Array<() => void> = [];
  readonly connections: FakeDatabase[] = [];

  open(name: string, version = 1): IdbOpenRequestLike {
    if (this.refuseOpen === 'throw') throw new DOMException('IndexedDB is not available in this mode.', 'InvalidStateError');
    this.opens += 1;
    const request = new FakeOpenRequest();
    later(() => {
      if (this.refuseOpen === 'error') {
        request.error = new DOMException(
          'A mutation operation was attempted on a database that did not allow mutations.',
          'InvalidStateError',
        );
        fire(request.onerror);
        return;
      }
      let entry = this.databases.get(name);
      const upgrade = !entry || entry.version < version;
      if (!entry) {
        entry = { version, stores: new Map() };
        this.databases.set(name, entry);
      }
      entry.version = Math.max(entry.version, version);
      const db = new FakeDatabase(this, entry.stores);
      this.connections.push(db);
      request.result = db;
      if (upgrade) {
        this.upgrades += 1;
        fire(request.onupgradeneeded);
      }
      fire(request.onsuccess);
    });
    return request;
  }

  /** The committed value under `key`. */
  value(database: string, store: string, key: string): unknown {
    return this.databases.get(database)?.stores.get(store)?.get(key);
  }

  /** Puts a value directly, as an earlier page would have. */
  seed(database: string, store: string, key: string, value: unknown): void {
    let entry = this.databases.get(database);
    if (!entry) {
      entry = { version: 1, stores: new Map() };
      this.databases.set(database, entry);
    }
    let s = entry.stores.get(store);
    if (!s) {
      s = new Map();
      entry.stores.set(store, s);
    }
    s.set(key, value);
  }

  /** Commits the held readwrite transactions; returns how many. */
  release(): number {
    const held = this.held.splice(0);
    for (const commit of held) commit();
    return held.length;
  }

  get heldWrites(): number {
    return this.held.length;
  }

  /** The browser closes every connection (as when site data is cleared). */
  closeAll(): void {
    for (const db of this.connections) {
      if (db.closed) continue;
      db.closed = true;
      fire(db.onclose);
    }
  }

  started(tx: FakeTransaction): void {
    if (tx.mode !== 'readwrite') return;
    this.writeTransactions += 1;
    this.writesInFlight += 1;
    this.maxWritesInFlight = Math.max(this.maxWritesInFlight, this.writesInFlight);
  }

  execute(tx: FakeTransaction, store: Map<string, unknown>): void {
    const staged = new Map<string, { value: unknown } | null>();
    const finish = (): void => {
      if (tx.mode === 'readwrite') this.writesInFlight -= 1;
    };
    for (const op of tx.ops) {
      if (op.kind === 'get') {
        const s = staged.get(op.key);
        op.request.result = s === undefined ? store.get(op.key) : s?.value;
      } else if (op.kind === 'delete') {
        staged.set(op.key, null);
      } else {
        if (typeof op.value === 'string' && op.value.length > this.quotaChars) {
          const error = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          op.request.error = error;
          fire(op.request.onerror);
          tx.error = error;
          finish();
          fire(tx.onabort);
          return;
        }
        staged.set(op.key, { value: op.value });
      }
      fire(op.request.onsuccess);
    }
    const commit = (): void => {
      for (const [key, v] of staged) {
        if (v === null) store.delete(key);
        else store.set(key, v.value);
      }
      finish();
      fire(tx.oncomplete);
    };
    if (tx.mode === 'readwrite' && this.holdWrites) this.held.push(() => later(commit));
    else later(commit);
  }
}
