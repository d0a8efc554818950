/** The rule that query text holding no statement (only whitespace or semicolons) is refused before it is sent. */
import { AddinError } from '../errors/addin-error';

const MESSAGE = 'Write a query first: the SQL is empty. Write a SELECT, or build the report in the builder.';

/** True when `sql` holds nothing the platform could run: whitespace, semicolons, or nothing at all. */
export function isBlankQuery(sql: string): boolean {
  return sql.replace(/[\s;\uFEFF\u200B]+/g, '') === '';
}

/** Throws a 'validation' error saying to write a query when `sql` is blank (see isBlankQuery): such text is never sent. */
export function requireQueryText(sql: string): void {
  if (isBlankQuery(sql)) throw new AddinError('validation', MESSAGE, { code: 'emptyQuery' });
}
