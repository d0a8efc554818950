/** Write blocks that continue each other joined into one, so requests are cut across their boundaries by bytes alone. */
import type { WriteBlock } from '../core/host';

function width(block: WriteBlock): number {
  return block.values[0]?.length ?? 0;
}

/** Whether `next` starts on the row below `block`, on the same sheet and columns. */
function continues(block: WriteBlock, next: WriteBlock): boolean {
  return (
    block.sheetId === next.sheetId &&
    block.col === next.col &&
    width(block) === width(next) &&
    width(next) > 0 &&
    next.row === block.row + block.values.length
  );
}

/** `blocks` in order, each run of blocks that continue each other joined (their values, format and bold runs). */
export function joinBlocks(blocks: readonly WriteBlock[]): WriteBlock[] {
  const out: WriteBlock[] = [];
  let group: WriteBlock[] = [];
  const close = (): void => {
    if (group.length === 1) out.push(group[0]!);
    else if (group.length > 1) out.push(joined(group));
    group = [];
  };
  for (const block of blocks) {
    const last = group[group.length - 1];
    if (last !== undefined && !continues(last, block)) close();
    group.push(block);
  }
  close();
  return out;
}

function joined(group: readonly WriteBlock[]): WriteBlock {
  const first = group[0]!;
  const values = group.flatMap((b) => b.values);
  const shift = <R extends { row: number }>(b: WriteBlock, runs: readonly R[] | undefined): R[] =>
    (runs ?? []).map((r) => ({ ...r, row: r.row + b.row - first.row }));
  const formats = group.flatMap((b) => shift(b, b.formats));
  const bold = group.flatMap((b) => shift(b, b.bold));
  return {
    sheetId: first.sheetId,
    row: first.row,
    col: first.col,
    values,
    ...(formats.length > 0 ? { formats } : {}),
    ...(bold.length > 0 ? { bold } : {}),
  };
}
