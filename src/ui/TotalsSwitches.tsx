/** The builder's totals switches: a flat table's totals row, or a pivot's row totals, column totals and grand total. */
import { Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import type { Totals } from './builder-edits';

export interface TotalsSwitchesProps {
  /** True when the report has Columns members (a pivot). */
  pivot: boolean;
  totals: Totals;
  onChange: (which: keyof Totals, on: boolean) => void;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3 },
});

export function TotalsSwitches({ pivot, totals, onChange }: TotalsSwitchesProps) {
  const styles = useStyles();
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={styles.root}>
      <Text id={id} weight="semibold">
        Totals
      </Text>
      {pivot ? (
        <>
          <Switch label="Row totals (a Total column)" checked={totals.rows} onChange={(_, d) => onChange('rows', d.checked)} />
          <Switch label="Column totals (a Total row)" checked={totals.columns} onChange={(_, d) => onChange('columns', d.checked)} />
          <Switch
            label="Grand total"
            checked={totals.grand && totals.rows && totals.columns}
            disabled={!(totals.rows && totals.columns)}
            onChange={(_, d) => onChange('grand', d.checked)}
          />
        </>
      ) : (
        <Switch label="Totals row" checked={totals.grand} onChange={(_, d) => onChange('grand', d.checked)} />
      )}
      <Text size={200} className={styles.hint}>
        Computed by the platform over the same filters, so distinct counts and averages are right.
      </Text>
    </div>
  );
}
