/** Control-plane faults on demand (`x-fault` header, only with --faults): `status=503`, `delay-ms=N`, `upsert-race`. */

export const FAULT_HEADER = 'x-fault';

export interface ControlFaults {
  /** Answer this status with `{"error": ...}` instead of handling the request. */
  status: number | null;
  /** Wait this long before the first byte. */
  delayMs: number;
  /** The upsert loses its race: another writer changes the report between decision and apply. */
  upsertRace: boolean;
}

export const NO_FAULTS: ControlFaults = { status: null, delayMs: 0, upsertRace: false };

/**
 * Parses the header: items separated by `,` or `;`, each `name` or `name=value`. Items that are not control-plane
 * faults (the query faults `drop-after-rows=N` and co.) are left to the query endpoint and ignored here.
 */
export function parseControlFaults(header: string | string[] | undefined): ControlFaults {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const faults: ControlFaults = { ...NO_FAULTS };
  for (const raw of text.split(/[;,]/)) {
    const item = raw.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    const name = (eq < 0 ? item : item.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? '' : item.slice(eq + 1).trim();
    if (name === 'status') {
      const n = Number(value);
      if (Number.isInteger(n) && n >= 400 && n <= 599) faults.status = n;
    } else if (name === 'delay-ms') {
      const n = Number(value);
      if (Number.isFinite(n) && n >= 0) faults.delayMs = Math.min(n, 120_000);
    } else if (name === 'upsert-race') {
      faults.upsertRace = true;
    }
  }
  return faults;
}
