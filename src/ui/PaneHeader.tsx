/** The pane's header when signed in: the tenant's host the user is signed in to, and "Sign out" (forgets the key). */
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';

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
    return '';
  }
}

export function PaneHeader({ tenantUrl, onSignOut }: PaneHeaderProps) {
  const styles = useStyles();
  const host = hostOf(tenantUrl);
  const whoId = useId();
  return (
    <header className={styles.root} aria-label="Account">
      {/* Host only: a pasted path or query says nothing about which tenant, and may hold more than an address should show. */}
      <Caption1 id={whoId} className={styles.who} title={host === '' ? undefined : host}>
        {host === '' ? 'Signed in' : `Signed in to ${host}`}
      </Caption1>
      <Button size="small" appearance="subtle" onClick={onSignOut} aria-describedby={whoId}>
        Sign out
      </Button>
    </header>
  );
}
