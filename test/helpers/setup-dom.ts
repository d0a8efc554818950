/**
 * Browser APIs jsdom lacks that Fluent UI and the preview grid touch; import first in DOM tests.
 * ResizeObserver, matchMedia, scrollIntoView.
 */

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof window !== 'undefined') {
  const w = window as unknown as Record<string, unknown>;
  if (w['ResizeObserver'] === undefined) w['ResizeObserver'] = NoopResizeObserver;
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => undefined;
}

// React 19 warns unless the test environment says it wraps updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export {};
