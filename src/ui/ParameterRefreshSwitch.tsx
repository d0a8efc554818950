/** The card's "Refresh when a parameter changes" switch for a placement with bound cells, kept as it changes. */
import { Switch, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { PlacementView } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { usePaneEnv } from './pane-env';

const useStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground3, display: 'block' },
});

/** What the switch does, before the host's own sentence on how it notices a change (PaneEnv.parameterWatch). */
const PARAMETER_REFRESH_HINT = 'Refreshes about 1.5 seconds after a bound cell changes.';

export function ParameterRefreshSwitch({ placement }: { placement: PlacementView }) {
  const { service, parameterWatch } = usePaneEnv();
  const styles = useStyles();
  const [on, setOn] = useState(placement.refreshOnParameterChange === true);
  const [error, setError] = useState<unknown>(null);
  const hintId = `param-refresh-hint-${placement.placementId}`;
  const change = (next: boolean) => {
    setOn(next);
    setError(null);
    service.setRefreshOnParameterChange(placement.placementId, next).catch((e: unknown) => {
      // Not kept: the switch shows the setting the workbook still has.
      setOn(!next);
      setError(e);
    });
  };
  return (
    <div>
      <Switch
        checked={on}
        onChange={(_, data) => change(data.checked)}
        label="Refresh when a parameter changes"
        aria-describedby={hintId}
      />
      <Caption1 id={hintId} className={styles.hint}>
        {parameterWatch ? `${PARAMETER_REFRESH_HINT} ${parameterWatch}` : PARAMETER_REFRESH_HINT}
      </Caption1>
      {error !== null && <ErrorBar error={error} subject="Refresh when a parameter changes" onDismiss={() => setError(null)} />}
    </div>
  );
}
