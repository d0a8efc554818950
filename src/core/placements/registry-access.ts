/** The Orchestrator's access to the placement registry: reads, saves, and areas written but not yet saved. */
import type { SpreadsheetHost, WorkbookLayout } from '../host';
import type { JobScope } from '../jobs/job-scope';
import { damagedRecord, notInList } from './placement-errors';
import { readRegistry, registryChanges, withRecord, type PlacementRecord, type Registry } from './placement-record';
import type { PlacementArea } from './planner';
import type { SerialQueue } from './serial-queue';
import type { HostCall } from './write-transaction';
import type { CellFingerprint } from '../changes/fingerprint';
import { FINGERPRINT_KEY_PREFIX, fingerprintChanges, readFingerprint } from '../changes/fingerprint-store';

const REGISTRY_LOCK = 'registry';

export class RegistryAccess {
  /** Areas written but not yet in the registry (an insert between its write and its save). */
  private readonly pending = new Map<string, PlacementArea>();
  /** Placements removed in this runtime: a job's unsaved record of one is dropped, not written back. */
  private readonly removed = new Set<string>();

  constructor(
    private readonly host: Pick<SpreadsheetHost, 'documentStore' | 'limits'>,
    /** Host calls, retried while the host is busy. */
    private readonly call: HostCall,
    /** The Orchestrator's locks: registry writes are one at a time. */
    private readonly locks: SerialQueue,
  ) {}

  /** The registry as the job knows it (read once per job). */
  read(scope: JobScope): Promise<Registry> {
    return scope.registry(() => this.call(() => readRegistry(this.host.documentStore, this.host.limits)));
  }

  /** The placement's record, or why there is none (damaged, or not in the list). */
  async record(scope: JobScope, placementId: string): Promise<PlacementRecord> {
    const registry = await this.read(scope);
    const record = registry.records.find((r) => r.placementId === placementId);
    if (record) return record;
    const damaged = registry.damaged.find((d) => d.placementId === placementId);
    if (damaged) throw damagedRecord(damaged);
    throw notInList(placementId);
  }

  /** The fingerprint of what the add-in last wrote in the placement: this job's write, else the stored one (null: none). */
  async fingerprint(scope: JobScope, placementId: string): Promise<CellFingerprint | null> {
    const written = scope.prints.get(placementId);
    if (written) return written;
    return readFingerprint((await this.read(scope)).prints ?? {}, placementId);
  }

  /**
   * Saves `records` in one document write (the index too when a placement is new), with the fingerprints the job holds
   * for them, and keeps the job's registry current.
   */
  async save(scope: JobScope, records: readonly PlacementRecord[]): Promise<void> {
    await this.locks.run(REGISTRY_LOCK, async () => {
      const registry = await this.read(scope);
      const changes = registryChanges(registry, { put: records });
      const prints = { ...(registry.prints ?? {}) };
      for (const r of records) {
        const fp = scope.prints.get(r.placementId);
        if (fp) Object.assign(changes, fingerprintChanges(prints, r.placementId, fp));
      }
      await this.call(() => this.host.documentStore.update(changes));
      for (const [key, value] of Object.entries(changes)) {
        if (!key.startsWith(FINGERPRINT_KEY_PREFIX)) continue;
        if (value === null) delete prints[key];
        else prints[key] = value;
      }
      for (const r of records) scope.prints.delete(r.placementId);
      let next = registry.records;
      for (const r of records) next = withRecord(next, r);
      const order = [...registry.order];
      for (const r of records) if (!order.includes(r.placementId)) order.push(r.placementId);
      scope.setRegistry({ ...registry, records: next, order, legacy: false, prints });
    });
    for (const r of records) this.pending.delete(r.placementId);
  }

  /** Saves the records a job has written or failed, except those of placements removed meanwhile. */
  async flush(scope: JobScope): Promise<void> {
    const records = [...scope.unsaved.values()].filter((r) => !this.removed.has(r.placementId));
    scope.unsaved.clear();
    if (records.length > 0) await this.save(scope, records);
  }

  /** Takes the placement out of the registry (its record, or its damaged entry) and drops any job's unsaved record of it. */
  async remove(registry: Registry, placementId: string): Promise<void> {
    this.removed.add(placementId);
    await this.locks.run(REGISTRY_LOCK, () =>
      this.call(() =>
        this.host.documentStore.update({
          ...registryChanges(registry, { remove: [placementId] }),
          ...fingerprintChanges(registry.prints ?? {}, placementId, null),
        }),
      ),
    );
  }

  /** Makes a newly written area known to other jobs until its record is saved. */
  holdPending(placementId: string, area: PlacementArea): void {
    this.pending.set(placementId, area);
  }

  dropPending(placementId: string): void {
    this.pending.delete(placementId);
  }

  /** The other placements' areas as the layout has them (named from the registry), and those written but not yet saved. */
  async otherAreas(scope: JobScope, layout: WorkbookLayout, placementId: string): Promise<PlacementArea[]> {
    const out: PlacementArea[] = [];
    for (const r of (await this.read(scope)).records) {
      if (r.placementId === placementId || this.pending.has(r.placementId)) continue;
      const area = layout.areas[r.placementId];
      if (area) out.push({ ...area, placementId: r.placementId, name: r.name });
    }
    for (const [id, a] of this.pending) if (id !== placementId) out.push(a);
    return out;
  }
}
