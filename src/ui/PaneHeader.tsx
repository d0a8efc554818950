/** The pane's header when signed in: where the user is signed in, and "Sign out" (forgets the key). */
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';

export interface PaneHeaderProps {
  tenantUrl: string | null;
  onSignOut: () => void;
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  who: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
});

function hostOf(url: string | null): string {
  if (url === null) return '';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function PaneHeader({ tenantUrl, onSignOut }: PaneHeaderProps) {
  const styles = useStyles();
  const host = hostOf(tenantUrl);
  return (
    <header className={styles.root}>
      <Caption1 className={styles.who} title={tenantUrl ?? undefined}>
        {host === '' ? 'Signed in' : `Signed in to ${host}`}
      </Caption1>
      <Button size="small" appearance="subtle" onClick={onSignOut}>
        Sign out
      </Button>
    </header>
  );
}
