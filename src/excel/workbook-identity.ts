/** The workbook id, minted once and kept in the document store (Excel offers no stable workbook id). */
import { z } from 'zod';
import type { DocumentStore, WorkbookIdentity } from '../core/host';

export const WORKBOOK_ID_KEY = 'workbookId';

const idSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

/**
 * The id stored in the document, or a new one from `mint` saved there first. A stored value that is not an id is
 * replaced (a copy of a workbook keeps its id: both files then share one registry on the platform's side).
 */
export async function workbookIdentity(store: DocumentStore, mint: () => string, name: string): Promise<WorkbookIdentity> {
  const stored = idSchema.safeParse(await store.get(WORKBOOK_ID_KEY));
  if (stored.success) return { id: stored.data, name };
  const id = idSchema.parse(mint());
  await store.set(WORKBOOK_ID_KEY, id);
  return { id, name };
}
