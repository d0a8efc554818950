/** Deployment and Environment comboboxes (searchable, environment type shown), remembered per workbook through the service. */
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import type { Deployment, Environment } from '../core/wire/schemas';
import type { WorkbookContext } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { usePaneEnv } from './pane-env';
import { SearchableCombobox } from './SearchableCombobox';

export interface ContextPickerProps {
  /** Called with the workbook's context once loaded and after every change. */
  onContextChange: (context: WorkbookContext) => void;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export function ContextPicker({ onContextChange }: ContextPickerProps) {
  const styles = useStyles();
  const { service } = usePaneEnv();
  const [deployments, setDeployments] = useState<Deployment[] | null>(null);
  const [environments, setEnvironments] = useState<Environment[] | null>(null);
  const [context, setContextState] = useState<WorkbookContext>({ deploymentId: null, environmentId: null });
  const [error, setError] = useState<unknown>(null);

  const apply = useCallback(
    async (next: WorkbookContext, save: boolean) => {
      setContextState(next);
      onContextChange(next);
      if (save) await service.setContext(next);
    },
    [service, onContextChange],
  );

  const loadEnvironments = useCallback(
    async (deploymentId: string, environmentId: string | null, save: boolean) => {
      setEnvironments(null);
      const list = await service.listEnvironments(deploymentId);
      setEnvironments(list);
      let envId = list.some((e) => e.id === environmentId) ? environmentId : null;
      if (envId === null && list.length === 1) envId = list[0]?.id ?? null;
      await apply({ deploymentId, environmentId: envId }, save || envId !== environmentId);
    },
    [service, apply],
  );

  useEffect(() => {
    let live = true;
    (async () => {
      const [list, saved] = await Promise.all([service.listDeployments(), service.getContext()]);
      if (!live) return;
      setDeployments(list);
      const deploymentId = list.some((d) => d.id === saved.deploymentId) ? saved.deploymentId : null;
      if (deploymentId === null && list.length === 1 && list[0]) {
        await loadEnvironments(list[0].id, null, true);
      } else if (deploymentId !== null) {
        await loadEnvironments(deploymentId, saved.environmentId, false);
      } else {
        await apply({ deploymentId: null, environmentId: null }, false);
      }
    })().catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
    // Load once per mount; later changes come from the user.
  }, [service]);

  const chooseDeployment = (deploymentId: string) => {
    if (deploymentId === context.deploymentId) return;
    setError(null);
    loadEnvironments(deploymentId, null, true).catch(setError);
  };

  const chooseEnvironment = (environmentId: string) => {
    setError(null);
    apply({ deploymentId: context.deploymentId, environmentId }, true).catch(setError);
  };

  return (
    <section className={styles.root} aria-label="Data source">
      {error !== null && <ErrorBar error={error} onDismiss={() => setError(null)} />}
      {deployments === null && error === null ? (
        <Spinner size="tiny" label="Loading deployments" />
      ) : (
        <>
          <SearchableCombobox
            label="Deployment"
            placeholder="Choose a deployment"
            options={(deployments ?? []).map((d) => ({ value: d.id, text: d.name }))}
            selected={context.deploymentId}
            onSelect={chooseDeployment}
          />
          <SearchableCombobox
            label="Environment"
            placeholder={context.deploymentId === null ? 'Choose a deployment first' : 'Choose an environment'}
            disabled={context.deploymentId === null || environments === null}
            options={(environments ?? []).map((e) => ({ value: e.id, text: e.name, secondary: e.type }))}
            selected={context.environmentId}
            onSelect={chooseEnvironment}
          />
        </>
      )}
    </section>
  );
}
