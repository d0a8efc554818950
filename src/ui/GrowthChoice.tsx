/** The editor's "When rows are added below" choice for a placed report (Ask / Insert rows / Overwrite), kept as it changes. */
import { Radio, RadioGroup, Field } from '@fluentui/react-components';
import { useState } from 'react';
import type { GrowthSetting, PlacementView } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { usePaneEnv } from './pane-env';

export interface GrowthChoiceProps {
  placement: PlacementView;
}

const HINTS: Record<GrowthSetting, string> = {
  ask: 'A refresh that needs cells holding data stops and names them.',
  insertRows: 'Whole rows are inserted below the report, so what is under it moves down; rows it no longer uses are deleted.',
  overwrite: 'A refresh writes over cells holding data. Other reports are never overwritten.',
};

function isGrowth(value: string): value is GrowthSetting {
  return value === 'ask' || value === 'insertRows' || value === 'overwrite';
}

export function GrowthChoice({ placement }: GrowthChoiceProps) {
  const { service } = usePaneEnv();
  const [value, setValue] = useState<GrowthSetting>(placement.growth ?? 'ask');
  const [error, setError] = useState<unknown>(null);
  const choose = (next: string) => {
    if (!isGrowth(next)) return;
    const before = value;
    setValue(next);
    setError(null);
    service.setPlacementGrowth(placement.placementId, next).catch((e: unknown) => {
      // Not kept: the choice shows the setting the workbook still has.
      setValue(before);
      setError(e);
    });
  };
  return (
    <>
      <Field label="When rows are added below" hint={HINTS[value]}>
        <RadioGroup value={value} onChange={(_, data) => choose(data.value)} layout="horizontal">
          <Radio value="ask" label="Ask" />
          <Radio value="insertRows" label="Insert rows" />
          <Radio value="overwrite" label="Overwrite" />
        </RadioGroup>
      </Field>
      {error !== null && <ErrorBar error={error} subject="When rows are added below" onDismiss={() => setError(null)} />}
    </>
  );
}
