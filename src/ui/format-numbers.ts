/** Short human formats for counts, sizes and durations shown in the pane. */

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatCount(n: number): string {
  return integer.format(n);
}

/** "120 rows × 3 columns" (data rows: a header row is not counted) */
export function formatShape(rows: number, cols: number): string {
  return `${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'} × ${formatCount(cols)} ${cols === 1 ? 'column' : 'columns'}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "1.2 s", "850 ms", "2 min 5 s" */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const min = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return `${min} min ${s} s`;
}
