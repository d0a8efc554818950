/**
 * A strict fake of `PropertiesService`: user, document and script stores kept apart, with string values.
 * It enforces 9 KB per value and 500 KB per store with Apps Script's errors.
 */
import { Execution } from './execution';

export const MAX_VALUE_BYTES = 9 * 1024;
export const MAX_STORE_BYTES = 500 * 1024;

const utf8 = (s: string): number => Buffer.byteLength(s, 'utf8');

export class FakeProperties {
  readonly data = new Map<string, string>();

  constructor(
    private readonly execution: Execution,
    private readonly label: string,
  ) {}

  private touch(method: string): void {
    this.execution.call(`PropertiesService.Properties.${method}`, 'document', '');
  }

  /** Bytes the store holds: keys and values, as UTF-8 (the quota counts both). */
  bytes(data: ReadonlyMap<string, string> = this.data): number {
    let n = 0;
    for (const [k, v] of data) n += utf8(k) + utf8(v);
    return n;
  }

  private commit(next: Map<string, string>): void {
    for (const [k, v] of next) {
      if (this.data.get(k) !== v && utf8(v) > MAX_VALUE_BYTES) throw new Error('Argument too large: value');
    }
    if (this.bytes(next) > MAX_STORE_BYTES)
      throw new Error('You have exceeded the property storage quota. Please remove some properties and try again.');
    this.data.clear();
    for (const [k, v] of next) this.data.set(k, v);
  }

  getProperty(key: string): string | null {
    this.touch('getProperty');
    return this.data.get(String(key)) ?? null;
  }
  setProperty(key: string, value: string): FakeProperties {
    this.touch('setProperty');
    if (key === '' || key === null || key === undefined) throw new Error('Invalid argument: key');
    const next = new Map(this.data);
    next.set(String(key), String(value));
    this.commit(next);
    return this;
  }
  setProperties(properties: Record<string, string>, deleteAllOthers = false): FakeProperties {
    this.touch('setProperties');
    const next = deleteAllOthers ? new Map<string, string>() : new Map(this.data);
    for (const [k, v] of Object.entries(properties)) next.set(k, String(v));
    this.commit(next);
    return this;
  }
  getProperties(): Record<string, string> {
    this.touch('getProperties');
    return Object.fromEntries(this.data);
  }
  getKeys(): string[] {
    this.touch('getKeys');
    return [...this.data.keys()];
  }
  deleteProperty(key: string): FakeProperties {
    this.touch('deleteProperty');
    this.data.delete(String(key));
    return this;
  }
  deleteAllProperties(): FakeProperties {
    this.touch('deleteAllProperties');
    this.data.clear();
    return this;
  }
  toString(): string {
    return this.label;
  }
}

export function fakePropertiesService(execution: Execution) {
  const stores = {
    user: new FakeProperties(execution, 'UserProperties'),
    document: new FakeProperties(execution, 'DocumentProperties'),
    script: new FakeProperties(execution, 'ScriptProperties'),
  };
  const service = {
    getUserProperties(): FakeProperties {
      execution.call('PropertiesService.getUserProperties', 'document', '');
      return stores.user;
    },
    getDocumentProperties(): FakeProperties {
      execution.call('PropertiesService.getDocumentProperties', 'document', '');
      return stores.document;
    },
    getScriptProperties(): FakeProperties {
      execution.call('PropertiesService.getScriptProperties', 'document', '');
      return stores.script;
    },
  };
  return { service, stores };
}
