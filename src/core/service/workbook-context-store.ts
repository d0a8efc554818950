/** The deployment and environment chosen for a workbook, remembered in the document (no secrets). */
import { z } from 'zod';
import type { DocumentStore } from '../host';
import { PRODUCT_PREFIX } from '../wire/wire-names';
import { idText } from '../placements/record-bounds';
import type { WorkbookContext } from './addin-service';

/** Document key of the workbook context (ours, not a wire name). */
export const CONTEXT_KEY = `${PRODUCT_PREFIX}.context`;

const contextSchema = z.object({ deploymentId: idText.nullable(), environmentId: idText.nullable() });

export const EMPTY_CONTEXT: WorkbookContext = { deploymentId: null, environmentId: null };

/** The remembered context; nothing chosen when absent or unreadable (the user picks again). */
export async function loadContext(store: DocumentStore): Promise<WorkbookContext> {
  return parseContext(await store.get(CONTEXT_KEY));
}

/** The context from its stored text (`null` or `undefined` when absent): nothing chosen when unreadable. */
export function parseContext(raw: string | null | undefined): WorkbookContext {
  if (raw === null || raw === undefined || raw === '') return { ...EMPTY_CONTEXT };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ...EMPTY_CONTEXT }; // not ours: overwritten at the next choice
  }
  const parsed = contextSchema.safeParse(json);
  return parsed.success ? parsed.data : { ...EMPTY_CONTEXT };
}

export async function saveContext(store: DocumentStore, context: WorkbookContext): Promise<void> {
  const normalized = contextSchema.parse({
    deploymentId: context.deploymentId === '' ? null : context.deploymentId,
    environmentId: context.deploymentId === null || context.environmentId === '' ? null : context.environmentId,
  });
  await store.set(CONTEXT_KEY, JSON.stringify(normalized));
}
