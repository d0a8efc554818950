/**
 * The placements the signed-in person placed or confirmed, kept with their session in per-user storage: what a run nobody
 * clicked for (on open, the schedule, the ribbon or menu with the pane closed, a parameter change) may fetch with their key.
 * The proof cannot live in the document, which every editor controls: a record another editor adds or changes (another
 * report, other filters) matches no digest, so it waits for the key's owner to confirm it on its card.
 */
import { AddinError } from '../errors/addin-error';
import { FNV_OFFSET, FNV_PRIME } from '../changes/cell-key-hash';
import type { CredentialStore } from '../host';
import type { PlacementRecord } from '../placements/placement-record';
import { loadSession, MAX_CONFIRMED, saveSession, type StoredSession } from '../service/session-store';

/** The card's words for a placement an unattended run left alone. */
export const NEEDS_CONFIRMATION =
  'Needs your confirmation: this report was added or changed in the workbook by someone else (or on another computer), so runs nobody clicked for leave it alone. Refresh it or confirm it on its card.';

/** The refusal of an unattended refresh of a placement its key's owner has not placed or confirmed. */
export function needsConfirmation(name: string): AddinError {
  return new AddinError('forbidden', `"${name}" ${NEEDS_CONFIRMATION.charAt(0).toLowerCase()}${NEEDS_CONFIRMATION.slice(1)}`, {
    data: { needsConfirmation: true },
  });
}

/** True when `e` is the refusal above. */
export function isNeedsConfirmation(e: unknown): boolean {
  return e instanceof AddinError && e.data.needsConfirmation === true;
}

function fnv(text: string, seed: number): string {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The digest of what a confirmation covers: the workbook, the placement, its report and everything that decides what
 * a run fetches (deployment, environment, the bound filters and cells). 64 bits of two FNV-1a passes; it is no secret
 * hash, but its values are never in the document, so another editor has nothing to aim a forged record at.
 */
export function confirmationDigest(workbookId: string, record: PlacementRecord): string {
  const bindings = (record.parameters ?? []).map((b) => [
    b.filter,
    b.alternative ?? null,
    b.value,
    b.member,
    b.type,
    b.name ?? null,
    b.ref,
  ]);
  const text = JSON.stringify([
    workbookId,
    record.placementId,
    record.publicId,
    record.reportId,
    record.deploymentId,
    record.environmentId ?? null,
    bindings,
  ]);
  return fnv(text, FNV_OFFSET) + fnv(text, 0x01234567);
}

/** Where the digests are kept: the session's own value (read with it at a job's start, dropped when it signs out). */
export class PlacementConfirmations {
  constructor(
    private readonly credentials: CredentialStore,
    /** The session as this job already read it (no second read); absent: read it here. */
    private readonly current?: () => StoredSession | null,
  ) {}

  private async session(): Promise<StoredSession | null> {
    return this.current?.() ?? (await loadSession(this.credentials));
  }

  /** The digests the signed-in person confirmed (none when nobody is signed in). */
  async confirmed(): Promise<ReadonlySet<string>> {
    return new Set((await this.session())?.confirmed ?? []);
  }

  /**
   * Adds `digests` (newest last, at most MAX_CONFIRMED kept); none written when all were there. The session is read
   * again before the write, so a digest another runtime or execution added since this job's start is kept.
   */
  async confirm(digests: readonly string[]): Promise<void> {
    const cached = await this.session();
    if (cached === null || digests.every((d) => cached.confirmed?.includes(d) === true)) return;
    const session = await loadSession(this.credentials);
    if (session === null) return;
    const had = session.confirmed ?? [];
    const fresh = digests.filter((d) => !had.includes(d));
    if (fresh.length > 0) {
      session.confirmed = [...had, ...new Set(fresh)].slice(-MAX_CONFIRMED);
      await saveSession(this.credentials, session);
    }
    cached.confirmed = session.confirmed ?? had;
  }
}
