/**
 * An opt-in CPU profile and performance trace of the page (E2E_PROFILE=1): written to test-results/ as
 * `<name>.cpuprofile` (open it in Chrome DevTools' Performance panel) and `<name>.trace.json` (long tasks, GC pauses).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { resultsDir } from './harness';

/** Whether this run profiles (E2E_PROFILE set and not 0). */
export function profiling(): boolean {
  const flag = process.env.E2E_PROFILE ?? '';
  return flag !== '' && flag !== '0';
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.gc'];

/**
 * Starts sampling the page's main thread (every 500 µs) and tracing it; the returned function stops both and writes the
 * files. Without E2E_PROFILE it does nothing.
 */
export async function startProfile(page: Page, name: string): Promise<() => Promise<void>> {
  if (!profiling()) return async () => undefined;
  const browser = page.context().browser();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const tracePath = path.join(resultsDir, `${name}.trace.json`);
  if (browser) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
  return async () => {
    if (browser) await browser.stopTracing();
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(path.join(resultsDir, `${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
    console.log(
      `    profile: ${path.relative(process.cwd(), path.join(resultsDir, `${name}.cpuprofile`))} and ${path.basename(tracePath)}`,
    );
  };
}
