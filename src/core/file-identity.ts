/** The workbook id of one file: kept while the document is in the file it was minted in, minted anew in a copy of it. */
import type { DocumentStore } from './host';

/** Where a host keeps the id and the identity of the file it was minted in (both in the document, so both travel with a copy). */
export interface WorkbookIdKeys {
  id: string;
  file: string;
}

/** The id and whether this call minted it for a copy (the stored file identity was another file's). */
export interface FileWorkbookId {
  id: string;
  copied: boolean;
}

/**
 * The workbook id for the file `fileIdentity` names (null or '' while the host cannot tell, e.g. a workbook never saved):
 * the stored id while the stored file identity is this file's or unknown (an unknown one is adopted), a new one from
 * `mint` when the document was copied into another file (the copy then records its placements under its own id and the
 * original's records on the platform stay as they are), or when no usable id is stored. Writes only when it changes.
 */
export async function fileWorkbookId(
  store: Pick<DocumentStore, 'get' | 'update'>,
  keys: WorkbookIdKeys,
  fileIdentity: string | null,
  mint: () => string,
  usable: (id: string) => boolean = (id) => id.trim() !== '',
): Promise<FileWorkbookId> {
  const file = fileIdentity === null || fileIdentity === '' ? null : fileIdentity;
  const storedId = await store.get(keys.id);
  const storedFile = await store.get(keys.file);
  const known = storedId !== null && usable(storedId) ? storedId : null;
  const copied = known !== null && file !== null && storedFile !== null && storedFile !== '' && storedFile !== file;
  if (known !== null && !copied) {
    if (file !== null && storedFile !== file) await store.update({ [keys.file]: file });
    return { id: known, copied: false };
  }
  const id = mint();
  await store.update({ [keys.id]: id, ...(file === null ? {} : { [keys.file]: file }) });
  return { id, copied };
}
