/** A filter value typed, or picked from the platform's values listed under it as typed; a value the platform lacks is marked. */
import { Button, Caption1, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { ValueSuggestions } from '../core/service/value-suggestions';
import { usePaneEnv } from './pane-env';

export interface SuggestedValueInputProps {
  label: string;
  view: string;
  member: string;
  value: string;
  onChange: (value: string) => void;
}

/** Wait after the last keystroke before asking the platform (the service caches each search for the session). */
const SEARCH_DELAY_MS = 250;

/** Suggestions listed under the box at most (typing narrows them). */
const MAX_SHOWN = 8;

const useStyles = makeStyles({
  field: { flexGrow: 1, minWidth: 0 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  pick: { minWidth: 0, fontWeight: tokens.fontWeightRegular },
  count: { marginLeft: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
});

export function SuggestedValueInput({ label, view, member, value, onChange }: SuggestedValueInputProps) {
  const styles = useStyles();
  const { service } = usePaneEnv();
  const [answer, setAnswer] = useState<{ search: string; suggestions: ValueSuggestions } | null>(null);

  useEffect(() => {
    let live = true;
    const search = value;
    const timer = setTimeout(() => {
      service.suggestValues({ view, member, search }).then(
        (suggestions) => live && setAnswer({ search, suggestions }),
        // Suggestions help but are not needed: without them the value is typed by hand.
        () => live && setAnswer(null),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [service, view, member, value]);

  // An answer for an earlier search is narrowed here to what the current text contains, as the platform would: typing
  // faster than the platform answers never lists a value the text has already ruled out.
  const needle = value.trim().toLowerCase();
  const offered = answer?.suggestions.offered ? answer.suggestions.values : [];
  const values = answer?.search === value ? offered : offered.filter((v) => v.value.toLowerCase().includes(needle));
  const exact = values.some((v) => v.value === value);
  const unknown = value.trim() !== '' && answer !== null && answer.search === value && answer.suggestions.offered && !exact;
  const shown = exact ? [] : values.slice(0, MAX_SHOWN);
  return (
    <Field
      className={styles.field}
      validationState={unknown ? 'warning' : 'none'}
      validationMessage={unknown ? `"${value}" is not a value the platform has for this field.` : undefined}
    >
      <Input aria-label={label} value={value} onChange={(_, d) => onChange(d.value)} />
      {shown.length > 0 && (
        <ul className={styles.list} aria-label={`Suggested values for ${label}`}>
          {shown.map((v) => (
            <li key={v.value}>
              <Button size="small" appearance="subtle" className={styles.pick} onClick={() => onChange(v.value)}>
                {v.value}
                {v.count !== null && <Caption1 className={styles.count}>{v.count.toLocaleString()}</Caption1>}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Field>
  );
}
