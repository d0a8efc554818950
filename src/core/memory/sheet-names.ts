/** The rule for a sheet's name, as Excel keeps it: 1 to 31 characters, none of `[ ] : * ? / \`, no edge `'`, unique ignoring case. */
import { AddinError } from '../errors/addin-error';

const FORBIDDEN_SHEET_CHARS = /[[\]:*?/\\]/;

/** Throws a 'host' AddinError saying why `name` cannot name a sheet among `sheets` (the one with `exceptId` aside). */
export function checkSheetName(name: string, sheets: ReadonlyArray<{ id: string; name: string }>, exceptId: string | null): void {
  const refuse = (message: string): never => {
    throw new AddinError('host', message);
  };
  if (name.trim() === '') refuse('A sheet name cannot be empty.');
  if (name.length > 31) refuse(`The sheet name "${name}" is longer than 31 characters.`);
  if (FORBIDDEN_SHEET_CHARS.test(name) || name.startsWith("'") || name.endsWith("'"))
    refuse(`The sheet name "${name}" contains a character a sheet name cannot hold.`);
  const lower = name.toLowerCase();
  if (sheets.some((s) => s.id !== exceptId && s.name.toLowerCase() === lower)) refuse(`A sheet named "${name}" already exists.`);
}
