/**
 * useUsedExtent: a sheet's last row and column holding a value or a tracked area.
 * It is recomputed at most every 250 ms while the model keeps changing.
 */
import { useEffect, useRef, useState } from 'react';
import type { WorkbookModel } from '../../core/memory/workbook-model';

export interface UsedExtent {
  lastRow: number;
  lastCol: number;
}

/** The quietest a large write's stream of changes lets the extent be recomputed (a scan of every row of the sheet). */
const RECOMPUTE_MS = 250;

function usedExtent(model: WorkbookModel, sheetId: string, sheetExists: boolean): UsedExtent {
  if (!sheetExists) return { lastRow: -1, lastCol: -1 };
  const r = model.usedRange(sheetId);
  let lastRow = r ? r.row + r.rows - 1 : -1;
  let lastCol = r ? r.col + r.cols - 1 : -1;
  for (const id of model.areaIds()) {
    const a = model.area(id);
    if (!a || a.sheetId !== sheetId) continue;
    lastRow = Math.max(lastRow, a.row + a.rows - 1);
    lastCol = Math.max(lastCol, a.col + a.cols - 1);
  }
  return { lastRow, lastCol };
}

/**
 * The extent for `version` of the model: at once for a new sheet or after a quiet spell; during a burst of changes (a
 * large report written block by block) at most every RECOMPUTE_MS, then once more after the last change.
 */
export function useUsedExtent(model: WorkbookModel, sheetId: string, version: number, sheetExists: boolean): UsedExtent {
  const cache = useRef<{ sheetId: string; exists: boolean; version: number; at: number; value: UsedExtent } | null>(null);
  const [, rerender] = useState(0);
  const now = Date.now();
  let c = cache.current;
  if (c === null || c.sheetId !== sheetId || c.exists !== sheetExists || (c.version !== version && now - c.at >= RECOMPUTE_MS)) {
    c = { sheetId, exists: sheetExists, version, at: now, value: usedExtent(model, sheetId, sheetExists) };
    cache.current = c;
  }
  const stale = c.version !== version;
  const wait = c.at + RECOMPUTE_MS - now;
  useEffect(() => {
    if (!stale) return undefined;
    const timer = setTimeout(() => rerender((n) => n + 1), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [stale, version, wait]);
  return c.value;
}
