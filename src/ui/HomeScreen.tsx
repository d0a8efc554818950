/** The signed-in home: data source (deployment, environment), "New report", and the reports placed in this workbook. */
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { PlacementView, WorkbookContext } from '../core/service/addin-service';
import { ContextPicker } from './ContextPicker';
import { PlacementsPanel } from './PlacementsPanel';
import type { RefreshAllHandle } from './use-refresh-all';

export interface HomeScreenProps {
  context: WorkbookContext;
  onContextChange: (context: WorkbookContext) => void;
  onNewReport: () => void;
  onEdit: (placement: PlacementView) => void;
  refreshAll: RefreshAllHandle;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  newReport: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXS },
  hint: { color: tokens.colorNeutralForeground2 },
});

export function HomeScreen({ context, onContextChange, onNewReport, onEdit, refreshAll }: HomeScreenProps) {
  const styles = useStyles();
  const ready = context.environmentId !== null;
  return (
    <div className={styles.root}>
      <ContextPicker onContextChange={onContextChange} />
      <div className={styles.newReport}>
        <Button appearance="primary" onClick={onNewReport} disabled={!ready}>
          New report
        </Button>
        {!ready && <Caption1 className={styles.hint}>Choose a deployment and an environment to build a report.</Caption1>}
      </div>
      <PlacementsPanel onEdit={onEdit} refreshAll={refreshAll} />
    </div>
  );
}
