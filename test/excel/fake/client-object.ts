/**
 * Base of the fake's proxy objects: `load` queues a read, and properties throw PropertyNotLoaded until a sync delivers them.
 * `*OrNullObject` proxies resolve at sync.
 */
import { FakeOfficeError, fail } from './errors';
import type { FakeRequestContext } from './request-context';

/** Normalises the forms `load` accepts: `'a, b/c'`, `['a', 'b']`, `{ select: ... }`. */
export function loadPaths(spec?: string | string[] | { select?: string | string[] }): string[] | undefined {
  if (spec === undefined) return undefined;
  const raw = typeof spec === 'string' ? spec : Array.isArray(spec) ? spec.join(',') : [spec.select ?? []].flat().join(',');
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return names.length > 0 ? names : undefined;
}

export function notLoaded(name: string): never {
  throw new FakeOfficeError(
    'PropertyNotLoaded',
    `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  );
}

export abstract class FakeClientObject<T> {
  private readonly loadedValues = new Map<string, unknown>();
  private resolved: { target: T | null } | undefined;
  private nullKnown: boolean | undefined;

  constructor(
    readonly context: FakeRequestContext,
    private readonly resolver: () => T | null,
  ) {
    context.pendingResolution.push(this);
  }

  /** Scalar properties loaded by `load()` without arguments. */
  protected abstract readonly scalarProperties: readonly string[];
  /** Reads one scalar property from the target (at sync time). */
  protected abstract read(name: string, target: T): unknown;
  /** Child objects reachable in a load path (`format/font/bold`). */
  protected child(_name: string): FakeClientObject<unknown> | undefined {
    return undefined;
  }

  /** The target now; proxies of missing items throw here (for null objects, `null`). */
  protected targetOrNull(): T | null {
    if (!this.resolved) this.resolved = { target: this.resolver() };
    return this.resolved.target;
  }

  resolveAtSync(): void {
    try {
      this.nullKnown = this.targetOrNull() === null;
    } catch {
      // A proxy of a missing item: its own operations report the error.
    }
  }

  get isNullObject(): boolean {
    if (this.nullKnown === undefined) notLoaded('isNullObject');
    return this.nullKnown;
  }

  /** Marks values as delivered by a sync (collections hand their items loaded values this way). */
  deliver(values: Map<string, unknown>): void {
    for (const [k, v] of values) this.loadedValues.set(k, v);
  }

  protected loaded<V>(name: string): V {
    if (!this.loadedValues.has(name)) notLoaded(name);
    return this.loadedValues.get(name) as V;
  }

  /** Reads the given properties of the target, counting their response bytes. */
  protected readNow(names: readonly string[]): Map<string, unknown> {
    const target = this.targetOrNull();
    const values = new Map<string, unknown>();
    for (const n of names) values.set(n, target === null ? null : this.read(n, target));
    this.context.engine.addResponseBytes(JSON.stringify([...values.values()]).length);
    return values;
  }

  load(spec?: string | string[] | { select?: string | string[] }): this {
    const paths = loadPaths(spec) ?? [...this.scalarProperties];
    const own: string[] = [];
    for (const p of paths) {
      const slash = p.indexOf('/');
      if (slash < 0) {
        if (!this.scalarProperties.includes(p)) fail('InvalidArgument', `The property '${p}' cannot be loaded on this object.`);
        own.push(p);
        continue;
      }
      const c = this.child(p.slice(0, slash));
      if (!c) fail('InvalidArgument', `The property '${p}' cannot be loaded on this object.`);
      c.load(p.slice(slash + 1));
    }
    if (own.length > 0) {
      this.context.enqueue('load', own, (commit) => {
        const values = this.readNow(own);
        commit(() => this.deliver(values));
      });
    }
    return this;
  }

  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this.loadedValues);
  }
}

/** `getCount()` and similar results: `value` throws until synced. */
export class FakeClientResult<V> {
  private delivered: { value: V } | undefined;
  constructor(context: FakeRequestContext, op: string, compute: () => V) {
    context.enqueue(op, null, (commit) => {
      const value = compute();
      commit(() => (this.delivered = { value }));
    });
  }
  get value(): V {
    if (!this.delivered) notLoaded('value');
    return this.delivered.value;
  }
}
