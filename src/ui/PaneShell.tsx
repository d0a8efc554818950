/** The pane's top level: loads the session, shows Sign in or the signed-in screens (home, new report, edit). */
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import type { PlacementView, SessionState, WorkbookContext } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { HomeScreen } from './HomeScreen';
import { PaneHeader } from './PaneHeader';
import { SignInAgainContext, usePaneEnv } from './pane-env';
import { ReportEditor } from './ReportEditor';
import { SignInScreen } from './SignInScreen';
import { useRefreshAll } from './use-refresh-all';

export type Screen = { kind: 'home' } | { kind: 'new' } | { kind: 'edit'; placement: PlacementView };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

export function PaneShell() {
  const styles = useStyles();
  const { service } = usePaneEnv();
  const [session, setSession] = useState<SessionState | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [screen, setScreen] = useState<Screen>({ kind: 'home' });
  const [context, setContext] = useState<WorkbookContext>({ deploymentId: null, environmentId: null });
  // Owned here, not by the list, so a running Refresh all keeps its progress while the editor is open.
  const refreshAll = useRefreshAll();

  useEffect(() => {
    let live = true;
    service.getSession().then(
      (s) => live && setSession(s),
      (e: unknown) => live && setLoadError(e),
    );
    return () => {
      live = false;
    };
  }, [service]);

  const signOut = useCallback(() => {
    setSession((s) => (s === null ? s : { ...s, signedIn: false }));
    setScreen({ kind: 'home' });
    service.signOut().catch((e: unknown) => setLoadError(e));
  }, [service]);

  if (session === null) {
    return loadError !== null ? <ErrorBar error={loadError} /> : <Spinner label="Loading" />;
  }
  if (!session.signedIn) {
    return (
      <div className={styles.root}>
        {loadError !== null && <ErrorBar error={loadError} onDismiss={() => setLoadError(null)} />}
        <SignInScreen
          session={session}
          onSignedIn={(s) => {
            setLoadError(null);
            setSession(s);
          }}
        />
      </div>
    );
  }
  return (
    <SignInAgainContext.Provider value={signOut}>
      <div className={styles.root}>
        <PaneHeader tenantUrl={session.tenantUrl} onSignOut={signOut} />
        {screen.kind === 'home' && (
          <HomeScreen
            context={context}
            onContextChange={setContext}
            onNewReport={() => setScreen({ kind: 'new' })}
            onEdit={(placement) => setScreen({ kind: 'edit', placement })}
            refreshAll={refreshAll}
          />
        )}
        {screen.kind === 'new' && <ReportEditor editing={null} onClose={() => setScreen({ kind: 'home' })} />}
        {screen.kind === 'edit' && (
          <ReportEditor key={screen.placement.placementId} editing={screen.placement} onClose={() => setScreen({ kind: 'home' })} />
        )}
      </div>
    </SignInAgainContext.Provider>
  );
}
