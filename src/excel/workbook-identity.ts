/** The workbook id, minted once per file and kept in the document settings (Excel offers no stable workbook id). */
import { z } from 'zod';
import type { DocumentStore, WorkbookIdentity } from '../core/host';
import { fileWorkbookId } from '../core/file-identity';

export const WORKBOOK_ID_KEY = 'workbookId';
/** Settings key of the document URL the id was minted under (`Office.context.document.url`). */
export const WORKBOOK_FILE_KEY = 'workbookFile';

const idSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

/**
 * The id stored in the document, or a new one from `mint` saved there first. A stored value that is not an id is
 * replaced. The settings travel with a copy of the file (Save As, a copied file): when the stored document URL is not
 * `fileUrl` the workbook is a copy and gets an id of its own, so its placements are recorded apart from the original's.
 * An empty or unknown URL (a workbook never saved) keeps the stored id.
 */
export async function workbookIdentity(
  store: DocumentStore,
  mint: () => string,
  name: string,
  fileUrl: string | null = null,
): Promise<WorkbookIdentity> {
  const keys = { id: WORKBOOK_ID_KEY, file: WORKBOOK_FILE_KEY };
  const { id } = await fileWorkbookId(
    store,
    keys,
    fileUrl,
    () => idSchema.parse(mint()),
    (v) => idSchema.safeParse(v).success,
  );
  return { id, name };
}
