/** The preview workbook as saved in browser storage: a versioned envelope around the workbook model's JSON and the last selection. */
import { PRODUCT_PREFIX } from '../core/wire/wire-names';
import { z } from 'zod';
import { AddinError } from '../core/errors/addin-error';
import { WorkbookModel, type WorkbookJson } from '../core/memory/workbook-model';

/** Marks the stored value as ours (another app on the same origin could use the key). */
export const SAVED_WORKBOOK_KIND = `${PRODUCT_PREFIX}.preview.workbook`;

const cellSchema = z.object({ row: z.number().int().nonnegative(), col: z.number().int().nonnegative() });

export const savedSelectionSchema = z.object({
  sheetId: z.string().min(1),
  /** The active cell. */
  active: cellSchema,
  /** The other corner of the selected range (equal to `active` for a single cell). */
  focus: cellSchema,
});
export type SavedSelection = z.infer<typeof savedSelectionSchema>;

/** The envelope; `workbook` is validated by WorkbookModel.fromJSON (the model's own zod schema), so it is parsed once. */
const envelopeSchema = z.object({
  kind: z.literal(SAVED_WORKBOOK_KIND),
  version: z.literal(1),
  workbook: z.unknown(),
  selection: savedSelectionSchema.nullable(),
});

export interface LoadedWorkbook {
  model: WorkbookModel;
  selection: SavedSelection | null;
}

export function serializeWorkbook(workbook: WorkbookJson, selection: SavedSelection | null): string {
  return JSON.stringify({ kind: SAVED_WORKBOOK_KIND, version: 1, workbook, selection });
}

/**
 * The text of `serializeWorkbook(model.toJSON(), selection())` in pieces of at most `rowsPerPiece` rows, for a save
 * that yields to the page between pieces; the selection is read with the last piece.
 */
export function* serializeWorkbookInPieces(
  model: WorkbookModel,
  selection: () => SavedSelection | null,
  rowsPerPiece = 500,
): Generator<string, void, undefined> {
  yield `{"kind":${JSON.stringify(SAVED_WORKBOOK_KIND)},"version":1,"workbook":`;
  yield* model.toJSONText(rowsPerPiece);
  yield `,"selection":${JSON.stringify(selection())}}`;
}

/** Reads a stored value; throws AddinError kind 'contract' (with a `detail`) when it is not a workbook this preview saved. */
export function parseSavedWorkbook(text: string, options: ConstructorParameters<typeof WorkbookModel>[0] = {}): LoadedWorkbook {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new AddinError('contract', 'The saved workbook could not be read.', { detail: 'not JSON', cause: e });
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AddinError('contract', 'The saved workbook could not be read.', {
      detail: issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : undefined,
    });
  }
  const model = WorkbookModel.fromJSON(parsed.data.workbook, { bounds: options.bounds });
  const selection = parsed.data.selection;
  return { model, selection: selection && model.sheet(selection.sheetId) ? selection : null };
}
