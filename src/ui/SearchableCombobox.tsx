/** A labelled Fluent Combobox whose options are filtered by what the user types (name or secondary text). */
import { Caption1, Combobox, Field, Option, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useState } from 'react';

export interface ComboOption {
  value: string;
  text: string;
  /** Shown after the text, smaller (e.g. the environment type). */
  secondary?: string;
}

export interface SearchableComboboxProps {
  label: string;
  options: readonly ComboOption[];
  selected: string | null;
  onSelect: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  hint?: string;
}

const useStyles = makeStyles({
  combo: { minWidth: 0, width: '100%' },
  secondary: { marginLeft: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
});

export function matchesQuery(option: ComboOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return (
    option.text.toLowerCase().includes(q) || option.value.toLowerCase().includes(q) || (option.secondary ?? '').toLowerCase().includes(q)
  );
}

export function SearchableCombobox({ label, options, selected, onSelect, placeholder, disabled, hint }: SearchableComboboxProps) {
  const styles = useStyles();
  const noMatchId = useId();
  const selectedText = options.find((o) => o.value === selected)?.text ?? '';
  // null while the user is not typing: the box then shows the selected option's text.
  const [query, setQuery] = useState<string | null>(null);
  const filtered = query === null ? options : options.filter((o) => matchesQuery(o, query));
  return (
    <Field label={label} hint={hint}>
      <Combobox
        className={styles.combo}
        value={query ?? selectedText}
        selectedOptions={selected === null ? [] : [selected]}
        placeholder={placeholder}
        disabled={disabled}
        // The chevron opens the list for the pointer; the keyboard opens it from the box (Alt+Down), so it is no extra tab stop.
        expandIcon={{ tabIndex: -1 }}
        onChange={(e) => setQuery(e.target.value)}
        onOptionSelect={(_, data) => {
          setQuery(null);
          if (data.optionValue !== undefined && data.optionValue !== noMatchId) onSelect(data.optionValue);
        }}
        onOpenChange={(_, data) => {
          if (!data.open) setQuery(null);
        }}
      >
        {filtered.map((o) => (
          <Option key={o.value} value={o.value} text={o.text}>
            {o.text}
            {o.secondary !== undefined && <Caption1 className={styles.secondary}>{o.secondary}</Caption1>}
          </Option>
        ))}
        {filtered.length === 0 && (
          <Option key={noMatchId} value={noMatchId} text="" disabled>
            No match
          </Option>
        )}
      </Combobox>
    </Field>
  );
}
