/** The platform's default row cap (a query without a top-level LIMIT returns at most 10,000 rows) and how to tell a query has a LIMIT. */

/** Rows the platform returns at most to a query without a top-level `LIMIT` (wire facts: "default 10,000 rows"). */
export const PLATFORM_DEFAULT_ROW_CAP = 10_000;

/**
 * True when the SQL has a `LIMIT` (or `FETCH FIRST/NEXT`) outside any parentheses, i.e. on the outermost query; words inside
 * string literals, quoted identifiers and comments do not count.
 */
export function hasTopLevelLimit(sql: string): boolean {
  let depth = 0;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i] ?? '';
    const next = sql[i + 1] ?? '';
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === "'" || c === '"') {
      // A quoted string or identifier: a doubled quote stays inside it.
      i += 1;
      while (i < n) {
        if (sql[i] === c) {
          if (sql[i + 1] === c) i += 2;
          else break;
        } else i += 1;
      }
      i += 1;
    } else if (c === '(') {
      depth += 1;
      i += 1;
    } else if (c === ')') {
      depth = Math.max(0, depth - 1);
      i += 1;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$]/.test(sql[j] ?? '')) j += 1;
      const word = sql.slice(i, j).toLowerCase();
      if (depth === 0 && (word === 'limit' || word === 'fetch')) return true;
      i = j;
    } else i += 1;
  }
  return false;
}

/**
 * True when a result is probably cut at the platform's default cap: exactly that many rows from a query with no
 * top-level LIMIT.
 */
export function cutAtDefaultCap(resultRows: number, sql: string): boolean {
  return resultRows === PLATFORM_DEFAULT_ROW_CAP && !hasTopLevelLimit(sql);
}
