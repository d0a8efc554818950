/**
 * The fake common API: Office.onReady, requirement sets, document settings, partitionKey and OfficeRuntime.storage.
 * Also Office.actions.associate; document settings save with saveAsync.
 */

export interface OfficeFakeOptions {
  /** False for a page opened in a plain browser tab: `onReady` answers host and platform `null`. */
  insideOffice: boolean;
  /** Requirement sets and their highest version, e.g. `{ ExcelApi: '1.17', SharedRuntime: '1.1' }`. */
  requirementSets: Record<string, string>;
  /** `Office.context.partitionKey` (undefined where storage is not partitioned, e.g. Windows). */
  partitionKey: string | undefined;
  /** Whether `OfficeRuntime.storage` exists (the shared runtime). */
  officeRuntimeStorage: boolean;
  /** Settings saved in the document before this session (what `get` reads at start). */
  savedSettings: Record<string, unknown>;
  /** The document's startup behavior as a previous session left it ('None' unless set). */
  startupBehavior: 'None' | 'Load';
}

const STORAGE_LIMIT_BYTES = 10 * 1024 * 1024;

export function versionAtLeast(have: string, want: string): boolean {
  const a = have.split('.').map(Number);
  const b = want.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

interface AsyncResult {
  status: 'succeeded' | 'failed';
  value?: unknown;
  error?: { name: string; message: string; code: number };
  asyncContext?: unknown;
}

type Callback = (r: AsyncResult) => void;

export class FakeSettings {
  private live: Map<string, unknown>;
  /** What the document holds: updated only by `saveAsync`. */
  saved: Record<string, unknown>;
  saves = 0;

  constructor(saved: Record<string, unknown>) {
    this.saved = JSON.parse(JSON.stringify(saved)) as Record<string, unknown>;
    this.live = new Map(Object.entries(this.saved));
  }

  get(name: string): unknown {
    return this.live.has(name) ? structuredCloneJson(this.live.get(name)) : null;
  }

  set(name: string, value: unknown): void {
    if (typeof name !== 'string' || name === '') throw new Error('Settings names must be non-empty strings.');
    this.live.set(name, structuredCloneJson(value));
  }

  remove(name: string): void {
    this.live.delete(name);
  }

  saveAsync(a?: { asyncContext?: unknown } | Callback, b?: Callback): void {
    const callback = typeof a === 'function' ? a : b;
    const asyncContext = typeof a === 'object' ? a.asyncContext : undefined;
    Promise.resolve().then(() => {
      this.saved = Object.fromEntries([...this.live].map(([k, v]) => [k, structuredCloneJson(v)]));
      this.saves += 1;
      callback?.({ status: 'succeeded', asyncContext });
    });
  }

  refreshAsync(callback?: Callback): void {
    Promise.resolve().then(() => {
      this.live = new Map(Object.entries(this.saved));
      callback?.({ status: 'succeeded', value: this });
    });
  }
}

function structuredCloneJson(v: unknown): unknown {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

export class FakeRuntimeStorage {
  readonly items = new Map<string, string>();

  private bytes(): number {
    let n = 0;
    for (const [k, v] of this.items) n += (k.length + v.length) * 2;
    return n;
  }

  async getItem(key: string): Promise<string | null> {
    return this.items.get(key) ?? null;
  }

  async setItem(key: string, value: string): Promise<void> {
    if (typeof key !== 'string' || typeof value !== 'string') throw new Error('OfficeRuntime.storage keeps strings only.');
    const before = this.items.get(key);
    this.items.set(key, value);
    if (this.bytes() > STORAGE_LIMIT_BYTES) {
      if (before === undefined) this.items.delete(key);
      else this.items.set(key, before);
      throw new Error('OfficeRuntime.storage is full (10 MB per domain).');
    }
  }

  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }

  async getKeys(): Promise<string[]> {
    return [...this.items.keys()];
  }
}

export interface CommandEvent {
  source: { id: string };
  completed(options?: { allowEvent?: boolean }): void;
}

export function createOfficeNamespace(options: OfficeFakeOptions) {
  const settings = new FakeSettings(options.savedSettings);
  const actions = new Map<string, (event: CommandEvent) => unknown>();
  /** How the task pane was shown or hidden through Office.addin (SharedRuntime 1.1). */
  const pane = { shows: 0, hides: 0, visible: false };
  const visibilityHandlers = new Set<(m: { visibilityMode: string }) => void>();
  const setPaneVisible = (visible: boolean): void => {
    pane.visible = visible;
    for (const h of visibilityHandlers) h({ visibilityMode: visible ? 'Taskpane' : 'Hidden' });
  };
  /** Office.addin.setStartupBehavior's document setting: 'Load' starts the shared runtime, pane hidden, when the document opens. */
  const startup = { behavior: options.startupBehavior, sets: 0 };
  const readyInfo = options.insideOffice ? { host: 'Excel', platform: 'OfficeOnline' } : { host: null, platform: null };
  const Office = {
    HostType: { Excel: 'Excel', Word: 'Word' },
    PlatformType: { PC: 'PC', OfficeOnline: 'OfficeOnline', Mac: 'Mac', iOS: 'iOS' },
    AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
    VisibilityMode: { hidden: 'Hidden', taskpane: 'Taskpane' },
    StartupBehavior: { none: 'None', load: 'Load' },
    onReady(callback?: (info: typeof readyInfo) => void): Promise<typeof readyInfo> {
      return Promise.resolve().then(() => {
        callback?.(readyInfo);
        return readyInfo;
      });
    },
    context: {
      requirements: {
        isSetSupported(name: string, minVersion?: string | number): boolean {
          if (!options.insideOffice) return false;
          const have = options.requirementSets[name];
          if (have === undefined) return false;
          return minVersion === undefined ? true : versionAtLeast(have, String(minVersion));
        },
      },
      document: { settings },
      partitionKey: options.partitionKey,
    },
    addin: {
      async showAsTaskpane(): Promise<void> {
        if (!options.officeRuntimeStorage) throw new Error('Office.addin needs the shared runtime (SharedRuntime 1.1).');
        pane.shows += 1;
        setPaneVisible(true);
      },
      async setStartupBehavior(behavior: string): Promise<void> {
        if (!options.officeRuntimeStorage) throw new Error('Office.addin needs the shared runtime (SharedRuntime 1.1).');
        if (behavior !== 'None' && behavior !== 'Load') throw new Error('Invalid argument: behavior must be an Office.StartupBehavior.');
        startup.behavior = behavior;
        startup.sets += 1;
      },
      async getStartupBehavior(): Promise<string> {
        if (!options.officeRuntimeStorage) throw new Error('Office.addin needs the shared runtime (SharedRuntime 1.1).');
        return startup.behavior;
      },
      async hide(): Promise<void> {
        pane.hides += 1;
        setPaneVisible(false);
      },
      async onVisibilityModeChanged(handler: (m: { visibilityMode: string }) => void): Promise<() => Promise<void>> {
        visibilityHandlers.add(handler);
        return async () => void visibilityHandlers.delete(handler);
      },
    },
    actions: {
      associate(actionId: string, actionFunction: (event: CommandEvent) => unknown): void {
        if (typeof actionId !== 'string' || typeof actionFunction !== 'function')
          throw new Error('associate(actionId, actionFunction) needs a name and a function.');
        actions.set(actionId, actionFunction);
      },
    },
  };
  const runtimeStorage = new FakeRuntimeStorage();
  const OfficeRuntime = options.officeRuntimeStorage ? { storage: runtimeStorage } : undefined;

  /** Clicks a ribbon button bound to ExecuteFunction: resolves with how many times `event.completed()` was called. */
  async function invokeCommand(name: string): Promise<{ completedCalls: number; returned: unknown }> {
    const fn = actions.get(name);
    if (!fn) throw new Error(`No function is associated with "${name}": the ribbon button would fail.`);
    let completedCalls = 0;
    let done: () => void = () => undefined;
    const completed = new Promise<void>((resolve) => (done = resolve));
    const returned = await fn({
      source: { id: name },
      completed: () => {
        completedCalls += 1;
        done();
      },
    });
    await completed;
    return { completedCalls, returned };
  }

  return { Office, OfficeRuntime, settings, runtimeStorage, actions, invokeCommand, pane, setPaneVisible, startup };
}
