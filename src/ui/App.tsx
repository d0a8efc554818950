/** The pane's root component: Fluent theme (light or dark, chosen by the host entry) around the pane, given an AddinService. */
import { FluentProvider, makeStyles, tokens, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { useMemo } from 'react';
import type { AddinService } from '../core/service/addin-service';
import { PaneEnvContext, type PaneClock, type PaneEnv } from './pane-env';
import { localPaneSettings, type PaneSettings } from './pane-settings';
import type { RefreshAllFeed } from './refresh-all-feed';
import type { AutomationService } from '../core/automation/automation-service';
import { PaneShell } from './PaneShell';

export type PaneTheme = 'light' | 'dark';

export interface AppProps {
  service: AddinService;
  theme: PaneTheme;
  /** Defaults to the system clock (relative times such as "refreshed 3 min ago"). */
  clock?: PaneClock;
  /** Defaults to crypto.randomUUID. */
  newJobId?: () => string;
  /** How often the editor re-reads the selected cell, in ms; 0 = only on focus and "Use selected cell". Default 1500. */
  activeCellPollMs?: number;
  /** Where the sign-in form links for "where a key comes from"; no link when absent (a host that serves no help page). */
  keyHelpUrl?: string | null;
  /** Refresh all runs started outside the pane (Excel's ribbon); none when absent. */
  refreshAllFeed?: RefreshAllFeed | null;
  /** Refresh on open, the schedule and the run log; the Automation section is absent without it. */
  automation?: AutomationService | null;
  /** The pane's per-user settings (the list's density); the page's localStorage when absent. */
  settings?: PaneSettings;
  /** See PaneEnv.parameterWatch. */
  parameterWatch?: string;
}

const useStyles = makeStyles({
  // On an inner element, not on FluentProvider: Fluent copies the provider's classes onto portal mount nodes (menus, dialogs).
  pane: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalM,
    // Clipped, not hidden: a hidden overflow makes the pane a scroll container of its own, and the editor's sticky
    // footer would stick to it (which never scrolls) instead of the page.
    overflowX: 'clip',
    backgroundColor: tokens.colorNeutralBackground2,
    // Fluent's fields keep minimum widths of their own (a combobox 250 px): at 175-350 px they shrink to the pane instead,
    // since the clip above would cut them (and their chevrons) at its edge.
    '& .fui-Combobox': { minWidth: 0, maxWidth: '100%' },
    '& .fui-Dropdown': { minWidth: 0, maxWidth: '100%' },
    '& .fui-Input': { minWidth: 0, maxWidth: '100%' },
    '& .fui-Select': { minWidth: 0, maxWidth: '100%' },
    '& .fui-Textarea': { minWidth: 0, maxWidth: '100%' },
    // Their text boxes too: a flex item's minimum is its intrinsic width (about 200 px for an input).
    '& .fui-Combobox__input': { minWidth: 0 },
    '& .fui-Input__input': { minWidth: 0 },
  },
});

const systemClock: PaneClock = { now: () => Date.now() };
const randomJobId = () => crypto.randomUUID();

export function App({
  service,
  theme,
  clock = systemClock,
  newJobId = randomJobId,
  activeCellPollMs = 1500,
  keyHelpUrl = null,
  refreshAllFeed = null,
  automation = null,
  settings,
  parameterWatch,
}: AppProps) {
  const styles = useStyles();
  const env = useMemo<PaneEnv>(
    () => ({
      service,
      clock,
      newJobId,
      activeCellPollMs,
      keyHelpUrl,
      refreshAllFeed,
      automation,
      settings: settings ?? localPaneSettings(),
      ...(parameterWatch === undefined ? {} : { parameterWatch }),
    }),
    [service, clock, newJobId, activeCellPollMs, keyHelpUrl, refreshAllFeed, automation, settings, parameterWatch],
  );
  return (
    <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme}>
      <PaneEnvContext.Provider value={env}>
        <main aria-label="Reports pane" className={styles.pane}>
          <PaneShell />
        </main>
      </PaneEnvContext.Provider>
    </FluentProvider>
  );
}
