/**
 * The placement list of 200 reports in the pane (jsdom): the longest task of opening the list, of a search keystroke, of
 * clearing it, of collapsing a group and of switching the density (each measured as one task, its renders and effects).
 */
import JSDOMEnvironment from 'jest-environment-jsdom';
import type { Measurement } from './measurement';

const COUNT = 200;
const SHEETS = 8;
const ROUNDS = 5;

type EnvConfig = ConstructorParameters<typeof JSDOMEnvironment>[0];
type EnvContext = ConstructorParameters<typeof JSDOMEnvironment>[1];

/** Makes a jsdom window the global one (as Jest's jsdom environment does), so React DOM and Fluent render into it. */
function installDom(): () => void {
  const config = { projectConfig: { testEnvironmentOptions: {}, globals: {} }, globalConfig: {} } as unknown as EnvConfig;
  const context = { console, docblockPragmas: {}, testPath: __filename } as unknown as EnvContext;
  const env = new JSDOMEnvironment(config, context);
  const win = env.global as unknown as Record<string, unknown>;
  const g = globalThis as unknown as Record<string, unknown>;
  const added: string[] = [];
  const keys = new Set<string>();
  for (let o: object | null = win; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null)
    for (const key of Object.getOwnPropertyNames(o)) keys.add(key);
  // Interfaces (Element, HTMLElement...) are the window's own, hidden from a plain listing in the environment's context.
  for (const key of ['Element', 'HTMLElement', 'Node', 'Text', 'Event', 'KeyboardEvent', 'MouseEvent', 'FocusEvent', 'HTMLInputElement'])
    keys.add(key);
  for (const key of keys) {
    if (key in g || win[key] === undefined) continue;
    Object.defineProperty(g, key, { configurable: true, writable: true, value: win[key] });
    added.push(key);
  }
  g['window'] = win;
  return () => {
    for (const key of added) delete g[key];
    void env.teardown();
  };
}

/**
 * Times every macrotask the page runs: React's scheduler runs its work in setImmediate callbacks (in Node and jsdom),
 * each one a task of the page; patched before React loads, so the scheduler takes the timed one.
 */
function timeTasks(): { longestSince(mark: number): number; mark(): number; pending(): number; restore(): void } {
  const g = globalThis as unknown as { setImmediate: (cb: (...a: unknown[]) => void, ...a: unknown[]) => unknown };
  const original = g.setImmediate;
  const tasks: number[] = [];
  let pending = 0;
  g.setImmediate = (cb, ...args) => {
    pending += 1;
    return original(() => {
      pending -= 1;
      const start = performance.now();
      try {
        cb(...args);
      } finally {
        tasks.push(performance.now() - start);
      }
    });
  };
  return {
    mark: () => tasks.length,
    longestSince: (mark) => Math.max(0, ...tasks.slice(mark)),
    pending: () => pending,
    restore: () => {
      g.setImmediate = original;
    },
  };
}

const idle = () => new Promise((resolve) => setTimeout(resolve, 20));

export async function run(): Promise<Measurement[]> {
  const uninstall = installDom();
  const timer = timeTasks();
  try {
    await import('../test/helpers/setup-dom');
    const { createElement } = await import('react');
    const { createRoot } = await import('react-dom/client');
    const { fireEvent, screen } = await import('@testing-library/react');
    const { App } = await import('../src/ui/App');
    const { FakeAddinService, samplePlacement } = await import('../test/ui/fake-addin-service');
    // Not inside act(): React schedules its work in tasks, as on a page.
    (globalThis as unknown as Record<string, unknown>)['IS_REACT_ACT_ENVIRONMENT'] = false;

    const fake = new FakeAddinService();
    fake.session = { signedIn: true, tenantUrl: 'http://localhost:4000', authScheme: 'auto', defaultTenantUrl: 'http://localhost:4000' };
    fake.context = { deploymentId: '1', environmentId: '10' };
    fake.placements = Array.from({ length: COUNT }, (_, i) => {
      const sheet = i % SHEETS;
      return samplePlacement({
        placementId: `p${i}`,
        name: `Report ${i} of region ${sheet}`,
        sheetName: `Sheet${sheet}`,
        sheetIndex: sheet,
        rangeLabel: `Sheet${sheet}!A${i * 30 + 1}:F${i * 30 + 21}`,
        refreshedAt: new Date(Date.now() - i * 60_000).toISOString(),
      });
    });
    const settings = (() => {
      const kept = new Map<string, string>();
      return { get: (k: string) => kept.get(k) ?? null, set: (k: string, v: string) => void kept.set(k, v) };
    })();

    /** Waits until `done` holds and React has no work scheduled. */
    const until = async (what: string, done: () => boolean): Promise<void> => {
      const deadline = performance.now() + 30_000;
      while (!(done() && timer.pending() === 0)) {
        if (performance.now() > deadline)
          throw new Error(
            `list-render: timed out waiting for ${what} (done ${String(done())}, ${timer.pending()} tasks pending, ${cards()} cards)`,
          );
        await idle();
      }
    };
    const cards = () => document.querySelectorAll('li[id^="placement-card-"]:not([hidden])').length;

    /** The longest task of one user action: the event's own task (its discrete render included) and each task it set off. */
    const action = async (what: string, fire: () => void, done: () => boolean): Promise<number> => {
      const mark = timer.mark();
      const start = performance.now();
      fire();
      await Promise.resolve();
      const own = performance.now() - start;
      await until(what, done);
      return Math.max(own, timer.longestSince(mark));
    };

    const longest = { open: 0, search: 0, clear: 0, collapse: 0, compact: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const host = document.createElement('div');
      document.body.append(host);
      const root = createRoot(host);
      longest.open = Math.max(
        longest.open,
        await action(
          'the list',
          () => root.render(createElement(App, { service: fake, theme: 'light', activeCellPollMs: 0, settings })),
          () => cards() === COUNT,
        ),
      );
      const search = screen.getByRole('searchbox', { name: 'Search reports' });
      const one = COUNT / SHEETS;
      longest.search = Math.max(
        longest.search,
        await action(
          'the search',
          () => fireEvent.change(search, { target: { value: 'region 3' } }),
          () => cards() === one,
        ),
      );
      longest.clear = Math.max(
        longest.clear,
        await action(
          'the cleared search',
          () => fireEvent.change(search, { target: { value: '' } }),
          () => cards() === COUNT,
        ),
      );
      const toggle = screen.getByRole('button', { name: `Sheet0 (${one})` });
      longest.collapse = Math.max(
        longest.collapse,
        await action(
          'the collapse',
          () => fireEvent.click(toggle),
          () => cards() === COUNT - one,
        ),
      );
      // The density is remembered: each round switches it from what the last one left.
      const compact = screen.getByRole('switch', { name: 'Compact list' }) as HTMLInputElement;
      const wasCompact = compact.checked;
      longest.compact = Math.max(
        longest.compact,
        await action(
          'compact',
          () => fireEvent.click(compact),
          () => compact.checked !== wasCompact,
        ),
      );
      root.unmount();
      host.remove();
      await idle();
    }
    return [
      { name: `list of ${COUNT}: open the pane to ${COUNT} cards, longest task`, value: longest.open, unit: 'ms' },
      { name: `list of ${COUNT}: search keystroke to ${COUNT / SHEETS} cards, longest task`, value: longest.search, unit: 'ms' },
      { name: `list of ${COUNT}: clear the search back to ${COUNT} cards, longest task`, value: longest.clear, unit: 'ms' },
      { name: `list of ${COUNT}: collapse a group, longest task`, value: longest.collapse, unit: 'ms' },
      { name: `list of ${COUNT}: switch the density, longest task`, value: longest.compact, unit: 'ms' },
    ];
  } finally {
    timer.restore();
    uninstall();
  }
}
