/**
 * Browser checks of the preview page itself: what scrolls and the main thread's long tasks while the workbook is saved.
 * Nothing scrolls but the grid and a pane taller than its column.
 */
import type { Page } from 'playwright-core';
import { z } from 'zod';

const scrollSchema = z.object({
  pane: z.object({ scrollHeight: z.number(), clientHeight: z.number() }),
  page: z.object({ scrollHeight: z.number(), clientHeight: z.number() }),
});
export type PageScroll = z.infer<typeof scrollSchema>;

/** How far the add-in pane's column and the page itself can scroll (scrollHeight beyond clientHeight). */
export async function pageScroll(page: Page): Promise<PageScroll> {
  return scrollSchema.parse(
    await page.evaluate(() => {
      const pane = document.querySelector('aside[aria-label="Add-in pane"]');
      const doc = document.scrollingElement ?? document.documentElement;
      return {
        pane: { scrollHeight: pane?.scrollHeight ?? -1, clientHeight: pane?.clientHeight ?? 0 },
        page: { scrollHeight: doc.scrollHeight, clientHeight: doc.clientHeight },
      };
    }),
  );
}

const saveSchema = z.object({
  /** Durations (ms) of the long tasks seen from the change until the save was written. */
  longTasks: z.array(z.number()),
  /** Time from the change until the write-behind save had written it. */
  elapsedMs: z.number(),
  saved: z.boolean(),
  supported: z.boolean(),
});
export type SaveObservation = z.infer<typeof saveSchema>;

/**
 * Fills a new sheet with `rows` x `cols` values (the setup's own long task is not counted), then watches the main
 * thread with a PerformanceObserver('longtask') until the write-behind save has written it.
 */
export async function observeSave(page: Page, sheet: string, rows: number, cols: number): Promise<SaveObservation> {
  type Api = {
    addSheet(name: string): void;
    setValues(sheet: string, topLeft: string, values: Array<Array<string | number>>): void;
    whenSettled(): Promise<boolean>;
  };
  return saveSchema.parse(
    await page.evaluate(
      async ([name, rowCount, colCount]) => {
        const wb = (window as unknown as { previewWorkbook: Api }).previewWorkbook;
        const supported = PerformanceObserver.supportedEntryTypes.includes('longtask');
        const entries: PerformanceEntry[] = [];
        const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
        if (supported) observer.observe({ type: 'longtask' });
        wb.addSheet(name);
        const values: Array<Array<string | number>> = [];
        for (let r = 0; r < rowCount; r += 1) {
          const line: Array<string | number> = [];
          for (let c = 0; c < colCount; c += 1) line.push(c % 2 === 0 ? r * 16 + c + 0.25 : `text ${r}-${c}`);
          values.push(line);
        }
        wb.setValues(name, 'A1', values);
        // Let the page render the change first; the save starts after its quiet time (300 ms).
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const start = performance.now();
        const saved = await wb.whenSettled();
        const elapsedMs = performance.now() - start;
        await new Promise((resolve) => setTimeout(resolve, 100));
        observer.disconnect();
        return {
          longTasks: entries.filter((e) => e.startTime >= start).map((e) => Math.round(e.duration)),
          elapsedMs,
          saved,
          supported,
        };
      },
      [sheet, rows, cols] as const,
    ),
  );
}

const columnSchema = z.object({
  /** Columns the run-on text of A1 covers (1 when it does not run on). */
  span: z.number(),
  width: z.number(),
  /** The text's own width and the width it may use, in the page's layout. */
  textWidth: z.number(),
  room: z.number(),
});
export type ColumnLook = z.infer<typeof columnSchema>;

/** How the grid shows cell A1 of the shown sheet: how many columns its text covers, its column's width, and whether the text fits. */
export async function columnLook(page: Page, sheet: string): Promise<ColumnLook> {
  type Api = { columnWidth(sheet: string, column: string): number };
  return columnSchema.parse(
    await page.evaluate((name) => {
      const wb = (window as unknown as { previewWorkbook: Api }).previewWorkbook;
      const cell = document.querySelector<HTMLElement>('[role="gridcell"][aria-label="A1"]');
      const span = cell?.querySelector<HTMLElement>('[data-span]') ?? null;
      const range = document.createRange();
      if (cell) range.selectNodeContents(cell);
      return {
        span: span ? Number(span.dataset['span']) : 1,
        width: wb.columnWidth(name, 'A'),
        textWidth: range.getBoundingClientRect().width,
        room: span ? span.clientWidth : (cell?.clientWidth ?? 0) - 8,
      };
    }, sheet),
  );
}

/** Starts recording the page's main-thread long tasks (PerformanceObserver 'longtask'); false where Chromium does not report them. */
export async function startLongTasks(page: Page): Promise<boolean> {
  return z.boolean().parse(
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks?: number[]; __longTaskObserver?: PerformanceObserver };
      if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) return false;
      w.__longTaskObserver?.disconnect();
      const seen: number[] = [];
      w.__longTasks = seen;
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.push(Math.round(e.duration));
      });
      observer.observe({ type: 'longtask' });
      w.__longTaskObserver = observer;
      return true;
    }),
  );
}

/** How many long tasks were recorded so far (to split a run into phases). */
export async function longTasksSoFar(page: Page): Promise<number> {
  return z.number().parse(await page.evaluate(() => (window as unknown as { __longTasks?: number[] }).__longTasks?.length ?? 0));
}

/** The long tasks (ms) seen since startLongTasks, and stops recording. */
export async function stopLongTasks(page: Page): Promise<number[]> {
  return z.array(z.number()).parse(
    await page.evaluate(async () => {
      const w = window as unknown as { __longTasks?: number[]; __longTaskObserver?: PerformanceObserver };
      // Entries are delivered after their task: let the observer catch up.
      await new Promise((resolve) => setTimeout(resolve, 100));
      w.__longTaskObserver?.disconnect();
      return w.__longTasks ?? [];
    }),
  );
}
