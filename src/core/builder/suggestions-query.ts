/**
 * The query that suggests a text dimension's values for a filter: the distinct values the platform has, matching what
 * the user types, most frequent first with their counts when the view has a count measure, at most `limit` of them.
 */
import type { Meta } from '../wire/schemas';
import { LIKE_ESCAPE, containsPattern, quoteIdent } from './sql-text';
import { membersOf } from './view-members';

/** Values one suggestion query returns at most. */
export const SUGGESTION_LIMIT = 50;

export interface SuggestionsQuery {
  sql: string;
  /** The result column holding the count (null: no count measure, values only). */
  countColumn: string | null;
}

/**
 * The suggestion query of `member` in `view`, or `null` when the member takes no suggestions: not a text dimension, or
 * marked `suggestFilterValues: false` in the metadata. `search` (may be empty) matches anywhere, ignoring case.
 */
export function suggestionsQuery(
  meta: Meta,
  view: string,
  member: string,
  search: string,
  limit = SUGGESTION_LIMIT,
): SuggestionsQuery | null {
  const cube = meta.cubes.find((c) => c.name === view);
  const dimension = cube?.dimensions.find((d) => d.name === member);
  if (!cube || !dimension || dimension.type !== 'string' || dimension.suggestFilterValues === false) return null;
  const members = membersOf(meta, view);
  const column = quoteIdent(members.dimensions.find((d) => d.name === member)?.shortName ?? member);
  const countMeasure = cube.measures.find((m) => (m.aggType ?? m.type) === 'count');
  const count = countMeasure ? quoteIdent(members.measures.find((m) => m.name === countMeasure.name)?.shortName ?? '') : null;
  const where = [`${column} IS NOT NULL`];
  if (search.trim() !== '') where.push(`${column} ILIKE ${containsPattern(search.trim())} ${LIKE_ESCAPE}`);
  const lines = [
    `SELECT ${column}${count ? `, MEASURE(${count}) AS ${count}` : ''}`,
    `FROM ${quoteIdent(view)}`,
    `WHERE ${where.join(' AND ')}`,
    'GROUP BY 1',
    count ? 'ORDER BY 2 DESC, 1' : 'ORDER BY 1',
    `LIMIT ${Math.max(1, Math.min(limit, 1000))}`,
  ];
  return {
    sql: lines.join('\n'),
    countColumn: countMeasure ? (members.measures.find((m) => m.name === countMeasure.name)?.shortName ?? null) : null,
  };
}
