/** Edits one filter: operator, then the values the operator takes (none, one, a date range, or several). */
import { Button, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { operatorArity, type Filter, type FilterOperator } from './builder-edits';
import { ListActionButton } from './ListActionButton';

export interface FilterEditorProps {
  filter: Filter;
  title: string;
  /** 'time' members get date inputs for ranges and comparisons. */
  memberType: string;
  onOperator: (operator: FilterOperator) => void;
  onValues: (values: string[]) => void;
  onRemove: () => void;
  /** Moves the filter up (-1) or down (+1) in the list; undefined where it cannot move that way. */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
}

export const OPERATORS: ReadonlyArray<{ value: FilterOperator; label: string }> = [
  { value: 'equals', label: 'equals' },
  { value: 'notEquals', label: 'does not equal' },
  { value: 'contains', label: 'contains' },
  { value: 'gt', label: 'greater than' },
  { value: 'lt', label: 'less than' },
  { value: 'inDateRange', label: 'in date range' },
  { value: 'set', label: 'is set' },
  { value: 'notSet', label: 'is not set' },
];

function isOperator(v: string): v is FilterOperator {
  return OPERATORS.some((o) => o.value === v);
}

/** The operators that apply to a member type: "contains" on text, comparisons on numbers and times, date ranges on times. */
export function operatorsFor(memberType: string): typeof OPERATORS {
  return OPERATORS.filter((o) => {
    if (o.value === 'contains') return memberType === 'string';
    if (o.value === 'gt' || o.value === 'lt') return memberType === 'number' || memberType === 'time';
    if (o.value === 'inDateRange') return memberType === 'time';
    return true;
  });
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  line: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalXS },
  title: { minWidth: 0, overflowWrap: 'anywhere' },
  buttons: { display: 'flex', flexShrink: 0 },
  value: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  input: { flexGrow: 1, minWidth: 0 },
});

export function FilterEditor({ filter, title, memberType, onOperator, onValues, onRemove, onMoveUp, onMoveDown }: FilterEditorProps) {
  const styles = useStyles();
  const arity = operatorArity(filter.operator);
  const inputType = memberType === 'time' ? 'date' : memberType === 'number' ? 'number' : 'text';
  const setValue = (i: number, v: string) => onValues(filter.values.map((x, j) => (j === i ? v : x)));
  return (
    <li className={styles.root} data-list-row>
      <div className={styles.line}>
        <Text className={styles.title} weight="semibold">
          {title}
        </Text>
        <span className={styles.buttons}>
          <ListActionButton action="up" label={`Move filter on ${title} up`} disabled={!onMoveUp} onClick={onMoveUp} />
          <ListActionButton action="down" label={`Move filter on ${title} down`} disabled={!onMoveDown} onClick={onMoveDown} />
          <ListActionButton action="remove" label={`Remove filter on ${title}`} onClick={onRemove} />
        </span>
      </div>
      <Select aria-label={`Operator for ${title}`} value={filter.operator} onChange={(_, d) => isOperator(d.value) && onOperator(d.value)}>
        {operatorsFor(memberType).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {arity === 'range' && (
        <>
          <Field label="From">
            <Input
              aria-label={`Start of ${title}`}
              type={memberType === 'time' ? 'date' : 'text'}
              value={filter.values[0] ?? ''}
              onChange={(_, d) => setValue(0, d.value)}
            />
          </Field>
          <Field label="To">
            <Input
              aria-label={`End of ${title}`}
              type={memberType === 'time' ? 'date' : 'text'}
              value={filter.values[1] ?? ''}
              onChange={(_, d) => setValue(1, d.value)}
            />
          </Field>
        </>
      )}
      {(arity === 'one' || arity === 'many') &&
        filter.values.map((v, i) => (
          <div key={i} className={styles.value}>
            <Input
              className={styles.input}
              type={inputType}
              aria-label={`Value ${i + 1} for ${title}`}
              value={v}
              onChange={(_, d) => setValue(i, d.value)}
            />
            {arity === 'many' && filter.values.length > 1 && (
              <Button
                size="small"
                appearance="subtle"
                onClick={() => onValues(filter.values.filter((_, j) => j !== i))}
                aria-label={`Remove value ${i + 1} for ${title}`}
                icon={<span aria-hidden>✕</span>}
              />
            )}
          </div>
        ))}
      {arity === 'many' && (
        <Button size="small" appearance="subtle" onClick={() => onValues([...filter.values, ''])} aria-label={`Add a value for ${title}`}>
          Add value
        </Button>
      )}
    </li>
  );
}
