/** What every pane component may reach without props: the service, a clock, job-id minting and the active-cell poll interval. */
import { createContext, useContext } from 'react';
import type { AddinService } from '../core/service/addin-service';
import type { PaneSettings } from './pane-settings';
import type { RefreshAllFeed } from './refresh-all-feed';
import type { AutomationService } from '../core/automation/automation-service';

export interface PaneClock {
  now(): number;
}

export interface PaneEnv {
  service: AddinService;
  clock: PaneClock;
  newJobId(): string;
  /** How often the editor asks the host for the selected cell; 0 = only on focus and on "Use selected cell". */
  activeCellPollMs: number;
  /** The help page's section on API keys, relative to the pane's page (`help.html#key`); null where no help page is served. */
  keyHelpUrl: string | null;
  /** Refresh all runs started outside the pane (Excel's ribbon), shown as the pane's run; null where there are none. */
  refreshAllFeed: RefreshAllFeed | null;
  /** The workbook's switches (refresh on open, schedule) and run log; null where the host offers none. */
  automation?: AutomationService | null;
  /** The pane's per-user settings (the list's density); none kept when absent. */
  settings?: PaneSettings;
  /** How this host notices a bound cell's change, one sentence for the card ("Excel notices the change as you type."). */
  parameterWatch?: string;
}

export const PaneEnvContext = createContext<PaneEnv | null>(null);

export function usePaneEnv(): PaneEnv {
  const env = useContext(PaneEnvContext);
  if (env === null) throw new Error('Pane components must be rendered inside <App>.');
  return env;
}

/** Sends the pane back to the sign-in screen (provided by the shell; used by "Sign in again" buttons). */
export const SignInAgainContext = createContext<(() => void) | null>(null);
