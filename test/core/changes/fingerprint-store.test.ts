/** Tests for storing fingerprints in the document beside the registry. */
import { FINGERPRINT_PART_CHARS, fingerprintChanges, fingerprintKey, readFingerprint } from '../../../src/core/changes/fingerprint-store';
import { fingerprintCells } from '../../../src/core/changes/fingerprint';
import { REGISTRY_PREFIX, parseRegistry, recordKey } from '../../../src/core/placements/placement-record';
import type { Scalar } from '../../../src/core/host';

function grid(rows: number, cols: number): Scalar[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => `r${r}c${c}`));
}

function applied(entries: Record<string, string>, changes: Record<string, string | null>): Record<string, string> {
  const out = { ...entries };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

describe('fingerprint store', () => {
  it('keeps keys under the registry prefix that the registry does not parse as records', () => {
    const key = fingerprintKey('p1', 0);
    expect(key.startsWith(REGISTRY_PREFIX)).toBe(true);
    expect(key.startsWith(recordKey(''))).toBe(false);
    const fp = fingerprintCells(grid(3, 2), 3, 2);
    const registry = parseRegistry(applied({}, fingerprintChanges({}, 'p1', fp)));
    expect(registry).toMatchObject({ records: [], damaged: [] });
  });

  it('stores a 10,000-row fingerprint in parts under the per-value cap and reads it back', () => {
    const fp = fingerprintCells(grid(10_000, 8), 10_000, 8);
    const changes = fingerprintChanges({}, 'p1', fp);
    const values = Object.values(changes);
    expect(values.length).toBeGreaterThan(1);
    for (const v of values) expect((v ?? '').length).toBeLessThanOrEqual(FINGERPRINT_PART_CHARS);
    expect(readFingerprint(applied({}, changes), 'p1')).toEqual(fp);
  });

  it('drops the parts a longer fingerprint left, and all of them when the placement goes', () => {
    const long = applied({}, fingerprintChanges({}, 'p1', fingerprintCells(grid(10_000, 8), 10_000, 8)));
    const short = fingerprintCells(grid(2, 2), 2, 2);
    const after = applied(long, fingerprintChanges(long, 'p1', short));
    expect(Object.keys(after)).toEqual([fingerprintKey('p1', 0)]);
    expect(readFingerprint(after, 'p1')).toEqual(short);
    expect(applied(after, fingerprintChanges(after, 'p1', null))).toEqual({});
  });

  it('reads a missing or damaged fingerprint as none', () => {
    expect(readFingerprint({}, 'p1')).toBeNull();
    expect(readFingerprint({ [fingerprintKey('p1', 0)]: '{"v":1' }, 'p1')).toBeNull();
    expect(readFingerprint({ [fingerprintKey('p1', 0)]: '{"v":2}' }, 'p1')).toBeNull();
  });
});
