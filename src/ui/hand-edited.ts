/** Reads a refresh's 'handEdited' error into the warning its card shows: the service's message and the cells it names. */
import { z } from 'zod';
import { isAddinError } from '../core/errors/addin-error';
import type { HandEditedOutcome } from './card-outcome';
import { formatCount } from './format-numbers';

const handEditedDataSchema = z.object({ text: z.string().min(1), count: z.number().int().nonnegative(), exact: z.boolean() });

/** The warning for `error` when it is a 'handEdited' refresh error, else null; data that does not parse names no cells. */
export function handEditedOutcome(error: unknown): HandEditedOutcome | null {
  if (!isAddinError(error) || error.kind !== 'handEdited') return null;
  const data = handEditedDataSchema.safeParse(error.data);
  return { kind: 'handEdited', message: error.message, cells: data.success ? data.data.text : null };
}

/** "3 cells" / "1 cell" when the cells are known exactly, else the service's words ("cells in rows 7-20"). */
export function handEditsCountText(edits: { count: number; exact: boolean; text: string }): string {
  if (!edits.exact) return edits.text;
  return edits.count === 1 ? '1 cell' : `${formatCount(edits.count)} cells`;
}
