/** One filter condition's operator and values: dates, numbers, a period, a true/false switch, or text with suggested values. */
import { Button, Field, Input, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { operatorArity, type Condition, type FilterOperator } from './builder-edits';
import { PeriodPicker } from './PeriodPicker';
import { SuggestedValueInput } from './SuggestedValueInput';

export interface ConditionFieldsProps {
  condition: Condition;
  /** The condition's member title, naming its controls ("Operator for Status"). */
  title: string;
  /** 'time' members get dates and periods, 'boolean' a switch, 'string' suggested values. */
  memberType: string;
  /** The view, for value suggestions. */
  view: string;
  onOperator: (operator: FilterOperator) => void;
  onValues: (values: string[]) => void;
  /** The cell the first value is read from (it is shown, not typed, while bound); null or absent when typed. */
  boundCell?: string | null;
}

export const OPERATORS: ReadonlyArray<{ value: FilterOperator; label: string }> = [
  { value: 'equals', label: 'equals' },
  { value: 'notEquals', label: 'does not equal' },
  { value: 'contains', label: 'contains' },
  { value: 'gt', label: 'greater than' },
  { value: 'lt', label: 'less than' },
  { value: 'inDateRange', label: 'in date range' },
  { value: 'inPeriod', label: 'in the period' },
  { value: 'set', label: 'is set' },
  { value: 'notSet', label: 'is not set' },
];

function isOperator(v: string): v is FilterOperator {
  return OPERATORS.some((o) => o.value === v);
}

/**
 * The operators that apply to a member type: "contains" on text, comparisons on numbers and times, date ranges and
 * periods on times; a true/false field is equal to one of them, or set or not.
 */
export function operatorsFor(memberType: string): typeof OPERATORS {
  return OPERATORS.filter((o) => {
    if (o.value === 'contains') return memberType === 'string';
    if (o.value === 'gt' || o.value === 'lt') return memberType === 'number' || memberType === 'time';
    if (o.value === 'inDateRange' || o.value === 'inPeriod') return memberType === 'time';
    if (o.value === 'notEquals') return memberType !== 'boolean';
    return true;
  });
}

const useStyles = makeStyles({
  value: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS },
  input: { flexGrow: 1, minWidth: 0 },
});

export function ConditionFields({ condition, title, memberType, view, onOperator, onValues, boundCell = null }: ConditionFieldsProps) {
  const styles = useStyles();
  const arity = operatorArity(condition.operator);
  const inputType = memberType === 'time' ? 'date' : memberType === 'number' ? 'number' : 'text';
  const setValue = (i: number, v: string) => onValues(condition.values.map((x, j) => (j === i ? v : x)));
  const suggested = memberType === 'string' && (condition.operator === 'equals' || condition.operator === 'notEquals');
  return (
    <>
      <Select
        aria-label={`Operator for ${title}`}
        value={condition.operator}
        onChange={(_, d) => isOperator(d.value) && onOperator(d.value)}
      >
        {operatorsFor(memberType).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {arity === 'period' && <PeriodPicker title={title} code={condition.values[0] ?? ''} onChange={(code) => onValues([code])} />}
      {arity === 'range' && (
        <>
          <Field label="From">
            <Input
              aria-label={`Start of ${title}`}
              type={memberType === 'time' ? 'date' : 'text'}
              value={condition.values[0] ?? ''}
              onChange={(_, d) => setValue(0, d.value)}
            />
          </Field>
          <Field label="To">
            <Input
              aria-label={`End of ${title}`}
              type={memberType === 'time' ? 'date' : 'text'}
              value={condition.values[1] ?? ''}
              onChange={(_, d) => setValue(1, d.value)}
            />
          </Field>
        </>
      )}
      {memberType === 'boolean' && condition.operator === 'equals' ? (
        <Switch
          label={condition.values[0] === 'true' ? 'True' : 'False'}
          aria-label={`${title} is true`}
          checked={condition.values[0] === 'true'}
          onChange={(_, d) => onValues([d.checked ? 'true' : 'false'])}
        />
      ) : (
        (arity === 'one' || arity === 'many') &&
        condition.values.map((v, i) => (
          <div key={i} className={styles.value}>
            {i === 0 && boundCell !== null ? (
              <Input
                className={styles.input}
                readOnly
                aria-label={`Value ${i + 1} for ${title}`}
                aria-description={`From ${boundCell}`}
                value={v}
              />
            ) : suggested ? (
              <SuggestedValueInput
                label={`Value ${i + 1} for ${title}`}
                view={view}
                member={condition.member}
                value={v}
                onChange={(next) => setValue(i, next)}
              />
            ) : (
              <Input
                className={styles.input}
                type={inputType}
                aria-label={`Value ${i + 1} for ${title}`}
                value={v}
                onChange={(_, d) => setValue(i, d.value)}
              />
            )}
            {arity === 'many' && condition.values.length > 1 && (
              <Button
                size="small"
                appearance="subtle"
                onClick={() => onValues(condition.values.filter((_, j) => j !== i))}
                aria-label={`Remove value ${i + 1} for ${title}`}
                icon={<span aria-hidden>✕</span>}
              />
            )}
          </div>
        ))
      )}
      {arity === 'many' && !(memberType === 'boolean' && condition.operator === 'equals') && (
        <Button
          size="small"
          appearance="subtle"
          onClick={() => onValues([...condition.values, ''])}
          aria-label={`Add a value for ${title}`}
        >
          Add value
        </Button>
      )}
    </>
  );
}
