/** A DevTools network log of a page's requests to the platform: why a request ended as it did, for a failure's report. */
import type { Page } from 'playwright-core';

/** Starts logging; `stop` ends it and returns one line per event (sent, response, finished, failed with its cause). */
export async function watchNetwork(page: Page): Promise<{ stop: () => Promise<string[]> }> {
  const cdp = await page.context().newCDPSession(page);
  const lines: string[] = [];
  const names = new Map<string, string>();
  const t0 = Date.now();
  const at = (): string => `+${Date.now() - t0} ms`;
  cdp.on('Network.requestWillBeSent', (e) => {
    const name = `${e.request.method} ${new URL(e.request.url).pathname}`;
    names.set(e.requestId, name);
    lines.push(`${at()} sent ${e.requestId} ${name}${e.redirectResponse ? ' (after a redirect)' : ''}`);
  });
  cdp.on('Network.responseReceived', (e) => {
    lines.push(
      `${at()} response ${e.requestId} ${e.response.status} connection ${e.response.connectionId} reused ${String(e.response.connectionReused)}`,
    );
  });
  cdp.on('Network.loadingFinished', (e) => lines.push(`${at()} finished ${e.requestId} ${e.encodedDataLength} bytes`));
  cdp.on('Network.loadingFailed', (e) => {
    const why = [
      e.errorText,
      e.canceled ? 'canceled' : '',
      e.blockedReason ?? '',
      e.corsErrorStatus ? JSON.stringify(e.corsErrorStatus) : '',
    ]
      .filter((x) => x !== '')
      .join(' ');
    lines.push(`${at()} FAILED ${e.requestId} ${names.get(e.requestId) ?? ''} ${why}`);
  });
  await cdp.send('Network.enable');
  return {
    stop: async () => {
      await cdp.detach().catch(() => undefined);
      return lines;
    },
  };
}
