/** The preview page: a header bar, the workbook on the left and the add-in pane in a 320 px column (below it when narrow). */
import { Caption1, FluentProvider, Text, makeStyles, tokens, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { AddinService } from '../core/service/addin-service';
import { App, type PaneTheme } from '../ui/App';
import { WorkbookView } from './grid/workbook-view';
import type { PreviewHost } from './preview-host';
import type { AutomationService } from '../core/automation/automation-service';

/** Windows narrower than a usable workbook (about 400 px) beside the 320 px pane. */
const NARROW = '@media (max-width: 719px)';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100vh',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  header: {
    display: 'flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  title: { margin: 0, color: 'inherit' },
  subtitle: { color: 'inherit', opacity: 0.85 },
  body: {
    display: 'flex',
    flex: '1 1 auto',
    minHeight: 0,
    // Too narrow for the workbook beside a 320 px pane: the workbook goes above the pane, each half the height.
    [NARROW]: { flexDirection: 'column' },
  },
  workbook: {
    flex: '1 1 auto',
    minWidth: 0,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    // The name box and toolbar never draw outside the workbook's column (over the pane) however narrow it gets.
    overflow: 'hidden',
    [NARROW]: { flex: '1 1 50%' },
  },
  pane: {
    width: '320px',
    flexShrink: 0,
    overflowY: 'auto',
    borderLeft: `1px solid ${tokens.colorNeutralStroke1}`,
    // The pane's own background, so it fills the column however short its content is.
    backgroundColor: tokens.colorNeutralBackground2,
    // The pane is as tall as the window where it is the whole window (a task pane); here it sits under the header,
    // so that height made the column scroll by the header's height even on the empty sign-in screen.
    '& main': { minHeight: 0 },
    [NARROW]: {
      width: 'auto',
      flex: '1 1 50%',
      minHeight: 0,
      borderLeft: 'none',
      borderTop: `1px solid ${tokens.colorNeutralStroke1}`,
    },
  },
});

export interface PreviewAppProps {
  host: PreviewHost;
  service: AddinService;
  theme: PaneTheme;
  /** How often the pane re-reads the selected cell (cheap here: it is in memory). */
  activeCellPollMs?: number;
  /** Refresh on open (at page load) and the run log. */
  automation?: AutomationService | null;
}

export function PreviewApp({ host, service, theme, activeCellPollMs = 300, automation = null }: PreviewAppProps): ReactElement {
  const styles = useStyles();
  return (
    // Layout lives on an inner div: FluentProvider copies its className onto the mount node of dialogs (portals).
    <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme}>
      <div className={styles.root}>
        <header className={styles.header}>
          <Text as="h1" size={400} weight="semibold" className={styles.title}>
            Preview workbook
          </Text>
          <Caption1 className={styles.subtitle}>An in-browser workbook that behaves like Excel, saved in this browser</Caption1>
        </header>
        <div className={styles.body}>
          <section aria-label="Workbook" className={styles.workbook}>
            <WorkbookView host={host} />
          </section>
          <aside aria-label="Add-in pane" className={styles.pane}>
            {/* help.html is built beside the preview's index.html. */}
            <App
              service={service}
              theme={theme}
              activeCellPollMs={activeCellPollMs}
              keyHelpUrl="help.html#key"
              automation={automation}
              parameterWatch="The preview notices the change as you type."
            />
          </aside>
        </div>
      </div>
    </FluentProvider>
  );
}
