/** The builder's choice of where a pivot's measures go: on the columns or the rows, outside or inside the members. */
import { Field, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { MEASURES_AXES, MEASURES_POSITIONS, type MeasuresAxis, type MeasuresPosition } from '../core/cells/measure-placement';

export interface MeasurePlacementPickerProps {
  axis: MeasuresAxis;
  position: MeasuresPosition;
  onChange: (placement: { measuresAxis?: MeasuresAxis; measuresPosition?: MeasuresPosition }) => void;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const AXIS_TEXT: Record<MeasuresAxis, string> = { columns: 'Across the columns', rows: 'Down the rows' };
const POSITION_TEXT: Record<MeasuresPosition, string> = {
  before: 'Before the members (each measure groups its members)',
  after: 'After the members (each member groups its measures)',
};

export function MeasurePlacementPicker({ axis, position, onChange }: MeasurePlacementPickerProps) {
  const styles = useStyles();
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={styles.root}>
      <Text id={id} weight="semibold">
        Measures in the pivot
      </Text>
      <Field label="Measures go">
        <Select
          size="small"
          value={axis}
          onChange={(_, d) => {
            const picked = MEASURES_AXES.find((a) => a === d.value);
            if (picked !== undefined) onChange({ measuresAxis: picked });
          }}
        >
          {MEASURES_AXES.map((a) => (
            <option key={a} value={a}>
              {AXIS_TEXT[a]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Measure titles">
        <Select
          size="small"
          value={position}
          onChange={(_, d) => {
            const picked = MEASURES_POSITIONS.find((p) => p === d.value);
            if (picked !== undefined) onChange({ measuresPosition: picked });
          }}
        >
          {MEASURES_POSITIONS.map((p) => (
            <option key={p} value={p}>
              {POSITION_TEXT[p]}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
