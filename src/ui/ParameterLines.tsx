/** The card's lines for filter values bound to cells: "From Inputs!B2 = 2026-01-01", and which bound cells changed. */
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { ParameterView } from '../core/service/addin-service';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  line: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  changed: { color: tokens.colorStatusWarningForeground3, overflowWrap: 'anywhere' },
});

/** "Inputs!B2" or "Inputs!B2 and Inputs!C2" or "Inputs!B2, Inputs!C2 and Inputs!D2". */
export function cellList(cells: readonly string[]): string {
  if (cells.length <= 1) return cells.join('');
  return `${cells.slice(0, -1).join(', ')} and ${cells.at(-1) ?? ''}`;
}

/** The "Out of date" reason of a card whose bound cells changed, or null when none did. */
export function parameterChangeText(parameters: readonly ParameterView[] | undefined): string | null {
  const changed = (parameters ?? []).filter((p) => p.changed).map((p) => p.cell);
  return changed.length === 0 ? null : `${cellList(changed)} changed: refresh to use the new ${changed.length === 1 ? 'value' : 'values'}.`;
}

export function ParameterLines({ parameters, name }: { parameters: readonly ParameterView[]; name: string }) {
  const styles = useStyles();
  if (parameters.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={`Parameters of ${name}`}>
      {parameters.map((p, i) => (
        <li key={`${p.cell}-${i}`}>
          <Caption1 className={p.changed ? styles.changed : styles.line}>
            From {p.cell} = {p.value ?? '(not run yet)'}
            {p.changed ? ' (changed)' : ''}
          </Caption1>
        </li>
      ))}
    </ul>
  );
}
