/** Query-API faults on demand (`x-fault` header, only with --faults): cut, break or fail the stream, delay it, or answer Continue wait. */

export interface QueryFaults {
  /** Destroy the connection after this many data rows were sent (mid-line). */
  dropAfterRows?: number;
  /** Write a broken line after this many rows, then end the response. */
  malformedAfterRows?: number;
  /** Write an `{"error":...}` line after this many rows, then end the response. */
  errorAfterRows?: number;
  /** A slow query: this many milliseconds before the first byte (counts toward the Continue wait hold). */
  delayMs?: number;
  /** Answer `{"error":"Continue wait"}` to the first N requests of a span (x-request-id before `-span-`). */
  continueWait?: number;
}

const NAMES: Record<string, keyof QueryFaults> = {
  'drop-after-rows': 'dropAfterRows',
  'malformed-after-rows': 'malformedAfterRows',
  'error-after-rows': 'errorAfterRows',
  'delay-ms': 'delayMs',
  'continue-wait': 'continueWait',
};

/** Longest delay a fault may ask for. */
export const MAX_FAULT_DELAY_MS = 120_000;

/**
 * Parses the header: items separated by `,` or `;`, each `name=value` with a non-negative integer value. Unknown
 * items (control-plane faults such as `status=503`) and malformed values are ignored; null when no query fault is named.
 */
export function parseQueryFaults(headerValue: string | string[] | undefined): QueryFaults | null {
  const text = Array.isArray(headerValue) ? headerValue.join(',') : (headerValue ?? '');
  const faults: QueryFaults = {};
  let any = false;
  for (const raw of text.split(/[;,]/)) {
    const eq = raw.indexOf('=');
    if (eq < 0) continue;
    const key = NAMES[raw.slice(0, eq).trim().toLowerCase()];
    const value = raw.slice(eq + 1).trim();
    if (key === undefined || !/^\d+$/.test(value)) continue;
    const n = Number(value);
    faults[key] = key === 'delayMs' ? Math.min(n, MAX_FAULT_DELAY_MS) : n;
    any = true;
  }
  return any ? faults : null;
}
