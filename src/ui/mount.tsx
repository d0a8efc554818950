/** Mounts the pane into a host page's element; the host entry keeps the handle to switch theme or unmount. */
import { createRoot } from 'react-dom/client';
import type { AddinService } from '../core/service/addin-service';
import { App, type PaneTheme } from './App';
import type { AutomationService } from '../core/automation/automation-service';

export interface MountOptions {
  theme: PaneTheme;
  /** See AppProps.activeCellPollMs (Sheets may prefer a slower poll: each read is a server call). */
  activeCellPollMs?: number;
  /** Refresh on open, the schedule and the run log (see AppProps.automation). */
  automation?: AutomationService;
  /** See PaneEnv.parameterWatch. */
  parameterWatch?: string;
}

export interface PaneHandle {
  setTheme(theme: PaneTheme): void;
  unmount(): void;
}

export function mountPane(element: HTMLElement, service: AddinService, options: MountOptions): PaneHandle {
  const root = createRoot(element);
  let theme = options.theme;
  const render = () =>
    root.render(
      <App
        service={service}
        theme={theme}
        activeCellPollMs={options.activeCellPollMs}
        automation={options.automation ?? null}
        {...(options.parameterWatch === undefined ? {} : { parameterWatch: options.parameterWatch })}
      />,
    );
  render();
  return {
    setTheme(next) {
      theme = next;
      render();
    },
    unmount() {
      root.unmount();
    },
  };
}
