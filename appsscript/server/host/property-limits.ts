/** PropertiesService's documented limits (9 KB per value, 500 KB per store) checked before writing, so a write that would fail says why in the add-in's words and changes nothing. */
import { AddinError } from '../../../src/core/wire/errors';
import type { PropertyBag } from '../apps-script/apps-script-services';
import { utf8ByteLength } from '../../../src/core/ndjson/utf8-length';

export const MAX_PROPERTY_VALUE_BYTES = 9 * 1024;
export const MAX_PROPERTY_STORE_BYTES = 500 * 1024;

/** Bytes a store holds, keys and values together (the quota counts both). */
export function storeBytes(properties: { [key: string]: string }): number {
  let n = 0;
  for (const [k, v] of Object.entries(properties)) n += utf8ByteLength(k) + utf8ByteLength(v);
  return n;
}

/** Throws a `limit` AddinError when `bag.setProperty(key, value)` would break a limit; `what` names the store to the user. */
export function checkPropertyWrite(bag: PropertyBag, key: string, value: string, what: string): void {
  const valueBytes = utf8ByteLength(value);
  if (valueBytes > MAX_PROPERTY_VALUE_BYTES) {
    throw new AddinError(
      'limit',
      `Could not save ${what}: it needs ${(valueBytes / 1024).toFixed(1)} KB and Google Sheets keeps at most 9 KB per entry. Nothing was changed.`,
      { data: { key, bytes: valueBytes } },
    );
  }
  const all = bag.getProperties();
  const old = all[key];
  const after = storeBytes(all) - (old === undefined ? 0 : utf8ByteLength(key) + utf8ByteLength(old)) + utf8ByteLength(key) + valueBytes;
  if (after > MAX_PROPERTY_STORE_BYTES) {
    throw new AddinError(
      'limit',
      `Could not save ${what}: the add-in's storage in Google Sheets is full (500 KB). Remove reports you no longer need, then try again. Nothing was changed.`,
      { data: { key, bytes: after } },
    );
  }
}
