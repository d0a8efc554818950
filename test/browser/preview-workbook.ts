/**
 * Reads and changes the preview workbook from a browser test through the page's `window.previewWorkbook`.
 * Its saved copy in localStorage is reachable too.
 */
import type { Page } from 'playwright-core';
import type { Scalar } from '../../src/core/host';
import type { PreviewWorkbookApi } from '../../src/preview/preview-workbook-api';
// Re-exported by preview-host wherever the key is defined.
import { WORKBOOK_STORAGE_KEY } from '../../src/preview/preview-host';
import { cellName } from './report-check';

type WithWorkbook = { previewWorkbook: PreviewWorkbookApi };

export class PreviewWorkbook {
  constructor(private readonly page: Page) {}

  getValues(sheet: string, range: string): Promise<Scalar[][]> {
    return this.page.evaluate(([s, r]) => (window as unknown as WithWorkbook).previewWorkbook.getValues(s, r), [sheet, range] as const);
  }

  async getValue(sheet: string, cell: string): Promise<Scalar> {
    return (await this.getValues(sheet, `${cell}:${cell}`))[0]?.[0] ?? null;
  }

  /** Number formats of a range (`null` = General). */
  formats(sheet: string, range: string): Promise<(string | null)[][]> {
    return this.page.evaluate(([s, r]) => (window as unknown as WithWorkbook).previewWorkbook.formats(s, r), [sheet, range] as const);
  }

  sheets(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as WithWorkbook).previewWorkbook.sheets());
  }

  activeCell(): Promise<string> {
    return this.page.evaluate(() => (window as unknown as WithWorkbook).previewWorkbook.activeCell());
  }

  deleteSheet(sheet: string): Promise<void> {
    return this.page.evaluate((s) => (window as unknown as WithWorkbook).previewWorkbook.deleteSheet(s), sheet);
  }

  trackedAreas(): Promise<Record<string, string | null>> {
    return this.page.evaluate(() => (window as unknown as WithWorkbook).previewWorkbook.trackedAreas());
  }

  /** isFormula and isBold of every cell of a rectangle given by its 1-based corner and size (as [row][col]). */
  flags(
    sheet: string,
    area: { row: number; col: number; rows: number; cols: number },
  ): Promise<{ formula: boolean[][]; bold: boolean[][] }> {
    // Cell names are made here: functions passed to evaluate must not define named helpers (the bundler's __name is not in the page).
    const cells: string[][] = [];
    for (let r = 0; r < area.rows; r++) {
      const row: string[] = [];
      for (let c = 0; c < area.cols; c++) row.push(cellName(area.row + r, area.col + c));
      cells.push(row);
    }
    return this.page.evaluate(
      ([s, grid]) => {
        const wb = (window as unknown as WithWorkbook).previewWorkbook;
        const formula: boolean[][] = [];
        const bold: boolean[][] = [];
        for (const row of grid) {
          const f: boolean[] = [];
          const b: boolean[] = [];
          for (const cell of row) {
            f.push(wb.isFormula(s, cell));
            b.push(wb.isBold(s, cell));
          }
          formula.push(f);
          bold.push(b);
        }
        return { formula, bold };
      },
      [sheet, cells] as const,
    );
  }

  /** Saves what is pending and waits until it is written (whenSaved where the page has it, else the synchronous save). */
  async saveNow(): Promise<boolean> {
    return this.page.evaluate(async () => {
      const wb = (window as unknown as { previewWorkbook: PreviewWorkbookApi & { whenSaved?: () => Promise<boolean> } }).previewWorkbook;
      return wb.whenSaved ? wb.whenSaved() : wb.save();
    });
  }

  /**
   * Everything the page keeps in browser storage, wherever the preview saves its workbook: every localStorage entry and
   * every record of every IndexedDB database (values as text).
   */
  async storedEntries(): Promise<StoredEntry[]> {
    // No named helpers inside evaluate: the bundler's __name is not in the page.
    return this.page.evaluate(async () => {
      const out: Array<{ medium: 'localStorage' | 'indexedDB'; key: string; text: string }> = [];
      for (let i = 0; i < window.localStorage.length; i++) {
        const k = window.localStorage.key(i);
        if (k !== null) out.push({ medium: 'localStorage', key: k, text: window.localStorage.getItem(k) ?? '' });
      }
      const dbs = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
      for (const info of dbs) {
        if (!info.name) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open(info.name as string);
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        try {
          for (const storeName of Array.from(db.objectStoreNames)) {
            const records = await new Promise<Array<{ key: string; text: string }>>((resolve, reject) => {
              const found: Array<{ key: string; text: string }> = [];
              const req = db.transaction(storeName, 'readonly').objectStore(storeName).openCursor();
              req.onsuccess = () => {
                const cursor = req.result;
                if (cursor === null) return resolve(found);
                const v: unknown = cursor.value;
                found.push({ key: `${info.name}/${storeName}/${String(cursor.key)}`, text: typeof v === 'string' ? v : JSON.stringify(v) });
                cursor.continue();
              };
              req.onerror = () => reject(req.error);
            });
            for (const r of records) out.push({ medium: 'indexedDB', key: r.key, text: r.text });
          }
        } finally {
          db.close();
        }
      }
      return out;
    });
  }

  /** The saved workbook's text (saved now), from IndexedDB or localStorage, or null when the page saved none. */
  async savedWorkbook(): Promise<StoredEntry | null> {
    assertSaved(await this.saveNow());
    const entries = await this.storedEntries();
    return entries.find((e) => e.key === WORKBOOK_STORAGE_KEY || e.key.endsWith(`/${WORKBOOK_STORAGE_KEY}`)) ?? null;
  }
}

export interface StoredEntry {
  medium: 'localStorage' | 'indexedDB';
  /** The localStorage key, or "database/store/key". */
  key: string;
  text: string;
}

function assertSaved(ok: boolean): void {
  if (!ok) throw new Error('The preview could not save the workbook in browser storage.');
}
