/**
 * `offset` / `limit` query parameters of the list endpoints (2.1: defaults 0 and 20; anything but a non-negative integer
 * is 400). A `limit` above MAX_LIMIT gives a page of MAX_LIMIT, echoed in `pagination.limit` (as the contract's other
capped pages do): the hosted platform's pages are small, so a client pages anyway.
 */
import { HttpError } from './http-io';

export const DEFAULT_OFFSET = 0;
export const DEFAULT_LIMIT = 20;
/** The largest page a list endpoint returns. */
export const MAX_LIMIT = 100;

export interface Page {
  offset: number;
  limit: number;
}

function nonNegativeInt(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,9}$/.test(raw.trim())) throw new HttpError(400, `${name} must be a non-negative integer (got "${raw}").`);
  return Number(raw.trim());
}

export function parsePage(query: URLSearchParams): Page {
  const limit = Math.min(nonNegativeInt(query, 'limit', DEFAULT_LIMIT), MAX_LIMIT);
  return { offset: nonNegativeInt(query, 'offset', DEFAULT_OFFSET), limit };
}

/** The `{data: {<key>: items}, pagination}` envelope of 2.1. */
export function listEnvelope<K extends string, T>(
  key: K,
  items: T[],
  page: Page,
  total: number,
): {
  data: Record<K, T[]>;
  pagination: { offset: number; limit: number; total: number };
} {
  return { data: { [key]: items } as Record<K, T[]>, pagination: { offset: page.offset, limit: page.limit, total } };
}
