/** `offset` / `limit` query parameters of the list endpoints (2.1: defaults 0 and 20; anything but a non-negative integer is 400). */
import { HttpError } from './http-io';

export const DEFAULT_OFFSET = 0;
export const DEFAULT_LIMIT = 20;

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
  return { offset: nonNegativeInt(query, 'offset', DEFAULT_OFFSET), limit: nonNegativeInt(query, 'limit', DEFAULT_LIMIT) };
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
