/** The pane's top level: loads the session, shows Sign in or the signed-in screens (home, new report, edit). */
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import type { PlacementView, SessionState, WorkbookContext } from '../core/service/addin-service';
import type { PlacedReport } from './card-outcome';
import { ErrorBar } from './ErrorBar';
import { HomeScreen } from './HomeScreen';
import { PaneHeader } from './PaneHeader';
import { SignInAgainContext, usePaneEnv } from './pane-env';
import { PaneQuestionHost } from './pane-question';
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
  /** The report just inserted or saved: the list highlights its card and shows the outcome there. */
  const [placed, setPlaced] = useState<PlacedReport | null>(null);
  // A run from the ribbon speaks for every card: the list starts afresh, without the outcomes it showed before.
  const { adoptedJobId } = refreshAll;
  useEffect(() => {
    if (adoptedJobId !== null) setPlaced(null);
  }, [adoptedJobId]);
  /** The platform refused to save a new report this session: New report is shown as unavailable up front. */
  const [createRefused, setCreateRefused] = useState(false);
  /** A report in the list was read only for this key: New report notes that a viewer key cannot save. */
  const [readOnlySeen, setReadOnlySeen] = useState(false);
  const onReadOnlySeen = useCallback(() => setReadOnlySeen(true), []);
  /** Rights belong to the signed-in key: a sign-out or a sign-in starts with nothing known of them. */
  const forgetRights = useCallback(() => {
    setCreateRefused(false);
    setReadOnlySeen(false);
  }, []);

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

  const { reset: forgetRun } = refreshAll;
  /** Signed out in this pane: the sign-in form takes the focus (the Sign out button left with the signed-in screens). */
  const [signedOut, setSignedOut] = useState(false);
  const signOut = useCallback(() => {
    setSession((s) => (s === null ? s : { ...s, signedIn: false }));
    setScreen({ kind: 'home' });
    setPlaced(null);
    forgetRights();
    // Nothing of the account signed out stays on screen: its Refresh all summary goes with it.
    forgetRun();
    setSignedOut(true);
    service.signOut().catch((e: unknown) => setLoadError(e));
  }, [service, forgetRights, forgetRun]);

  /** Back from the editor without placing anything: the home screen takes the focus (the editor's Back button is gone). */
  const [returned, setReturned] = useState(false);
  const home = () => {
    setReturned(true);
    setScreen({ kind: 'home' });
  };
  const onPlaced = (p: PlacedReport) => {
    setReturned(false);
    setPlaced(p);
    setScreen({ kind: 'home' });
  };

  if (session === null) {
    return loadError !== null ? <ErrorBar error={loadError} /> : <Spinner label="Loading" />;
  }
  if (!session.signedIn) {
    return (
      <div className={styles.root}>
        {/* One message slot: the form shows the last error (a sign-out failure or its own) and replaces it with the next. */}
        <SignInScreen
          session={session}
          error={loadError}
          onError={setLoadError}
          takeFocus={signedOut}
          onSignedIn={(s) => {
            setLoadError(null);
            forgetRights();
            forgetRun();
            setPlaced(null);
            setScreen({ kind: 'home' });
            setSession(s);
          }}
        />
      </div>
    );
  }
  return (
    <SignInAgainContext.Provider value={signOut}>
      <PaneQuestionHost>
        <div className={styles.root}>
          <PaneHeader tenantUrl={session.tenantUrl} onSignOut={signOut} />
          {screen.kind === 'home' && (
            <HomeScreen
              key={adoptedJobId ?? 'home'}
              context={context}
              onContextChange={setContext}
              onNewReport={() => {
                setPlaced(null);
                setScreen({ kind: 'new' });
              }}
              onEdit={(placement) => {
                setPlaced(null);
                setScreen({ kind: 'edit', placement });
              }}
              refreshAll={refreshAll}
              placed={placed}
              createRefused={createRefused}
              readOnlySeen={readOnlySeen}
              onReadOnlySeen={onReadOnlySeen}
              takeFocus={returned}
            />
          )}
          {screen.kind === 'new' && (
            <ReportEditor editing={null} onClose={home} onPlaced={onPlaced} onCreateRefused={() => setCreateRefused(true)} />
          )}
          {screen.kind === 'edit' && (
            <ReportEditor key={screen.placement.placementId} editing={screen.placement} onClose={home} onPlaced={onPlaced} />
          )}
        </div>
      </PaneQuestionHost>
    </SignInAgainContext.Provider>
  );
}
