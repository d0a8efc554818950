/** Groups equal non-null cells of a matrix into few rectangles, so one range proxy sets a format or bold for many cells. */

export interface ValueRect<T> {
  row: number;
  col: number;
  rows: number;
  cols: number;
  value: T;
}

/**
 * Rectangles covering exactly the non-null cells of `matrix`, each holding one value: runs of equal values in a row,
 * merged with the identical run (same columns, same value) of the row above. Columns of one type give one rectangle each.
 */
export function rectanglesOf<T extends string | boolean>(matrix: ReadonlyArray<ReadonlyArray<T | null>>): ValueRect<T>[] {
  const done: ValueRect<T>[] = [];
  let open = new Map<string, ValueRect<T>>();
  matrix.forEach((row, i) => {
    const next = new Map<string, ValueRect<T>>();
    let j = 0;
    while (j < row.length) {
      const v = row[j];
      if (v === null || v === undefined) {
        j += 1;
        continue;
      }
      let end = j + 1;
      while (end < row.length && row[end] === v) end += 1;
      const key = `${j}:${end}:${typeof v}:${String(v)}`;
      const above = open.get(key);
      if (above) {
        above.rows += 1;
        open.delete(key);
        next.set(key, above);
      } else {
        next.set(key, { row: i, col: j, rows: 1, cols: end - j, value: v });
      }
      j = end;
    }
    for (const r of open.values()) done.push(r);
    open = next;
  });
  for (const r of open.values()) done.push(r);
  return done.sort((a, b) => a.row - b.row || a.col - b.col);
}
