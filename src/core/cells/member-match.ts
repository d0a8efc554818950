/** Matching pivot members and title keys (`view.member`) to result column names (`member` or `view.member`). */
import { AddinError } from '../errors/addin-error';

/** `orders.status` -> `status`; a name without a dot is its own short form. */
function withoutView(name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

/**
 * How well `member` names `column`: 1 exact; 2 equal once the view prefix is dropped from one side (`orders.status` vs
 * `status`, never `orders.status` vs `users.status`); 3 and 4 the same ignoring case (SQL folds unquoted aliases);
 * 0 no match.
 */
export function memberMatchLevel(member: string, column: string): 0 | 1 | 2 | 3 | 4 {
  if (member === column) return 1;
  if (withoutView(member) === column || member === withoutView(column)) return 2;
  const m = member.toLowerCase();
  const c = column.toLowerCase();
  if (m === c) return 3;
  if (withoutView(m) === c || m === withoutView(c)) return 4;
  return 0;
}

/**
 * The index of the result column that holds `member`: the best match level wins; two columns at the best level, or
 * none at all, are validation errors naming the member and the columns.
 */
export function resolveMemberColumn(columns: ReadonlyArray<{ name: string }>, member: string): number {
  for (const level of [1, 2, 3, 4] as const) {
    const hits = columns.flatMap((c, i) => (memberMatchLevel(member, c.name) === level ? [i] : []));
    if (hits.length === 1) return hits[0] ?? -1;
    if (hits.length > 1) {
      const names = hits.map((i) => `"${columns[i]?.name ?? ''}"`).join(', ');
      throw new AddinError(
        'validation',
        `The pivot member "${member}" matches several result columns (${names}); give each column a distinct name in the SQL.`,
        {
          data: { member, columns: hits.map((i) => columns[i]?.name) },
        },
      );
    }
  }
  const available = columns.map((c) => `"${c.name}"`).join(', ') || '(none)';
  throw new AddinError(
    'validation',
    `The query result has no column for the pivot member "${member}" (columns: ${available}). Select it in the SQL under its member name.`,
    {
      data: { member, columns: columns.map((c) => c.name) },
    },
  );
}

/**
 * The title for a column: `titles[name]` for the first of `names` that is a key; otherwise the one key that matches
 * the first name best by the member rule (none when two keys match equally well).
 */
export function lookupTitle(titles: Readonly<Record<string, string>> | undefined, ...names: string[]): string | undefined {
  if (titles === undefined) return undefined;
  for (const name of names) if (Object.hasOwn(titles, name)) return titles[name];
  const first = names[0];
  if (first === undefined) return undefined;
  const keys = Object.keys(titles);
  for (const level of [2, 3, 4] as const) {
    const hits = keys.filter((k) => memberMatchLevel(k, first) === level);
    if (hits.length === 1) return titles[hits[0] ?? ''];
    if (hits.length > 1) return undefined;
  }
  return undefined;
}
