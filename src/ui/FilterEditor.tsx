/** Edits one filter: its condition and the alternatives (OR) that also let a row through, one level deep. */
import { Button, Caption1, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { valuesForOperator, type Condition, type Filter, type FilterOperator } from './builder-edits';
import { ConditionFields } from './ConditionFields';
import { ListActionButton } from './ListActionButton';
import { BindToCell, type BindToCellProps } from './BindToCell';

export interface FilterEditorProps {
  filter: Filter;
  title: string;
  /** 'time' members get date inputs for ranges and comparisons. */
  memberType: string;
  /** The view, for value suggestions. */
  view: string;
  /** Members an alternative may be on (the same kind as the filter's: dimensions, or measures), with titles and types. */
  alternativeMembers: ReadonlyArray<{ name: string; title: string; type: string }>;
  onOperator: (operator: FilterOperator) => void;
  onValues: (values: string[]) => void;
  onRemove: () => void;
  onAddAlternative: () => void;
  onAlternative: (index: number, condition: Condition) => void;
  onRemoveAlternative: (index: number) => void;
  /** Moves the filter up (-1) or down (+1) in the list; undefined where it cannot move that way. */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  /** The model requires a filter on this member and this is the only one: it cannot be removed (the card says why). */
  required?: boolean;
  /** The filter's first value bound to a cell (the choice shows only when given: a placed report's edit). */
  binding?: Pick<BindToCellProps, 'boundCell' | 'activeCell' | 'onBind'>;
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
  alternatives: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  alternative: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingLeft: tokens.spacingHorizontalS,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
  },
  or: { color: tokens.colorNeutralForeground2 },
});

export function FilterEditor(props: FilterEditorProps) {
  const { filter, title, memberType, view, alternativeMembers, onOperator, onValues, onRemove, onMoveUp, onMoveDown } = props;
  const styles = useStyles();
  const alternatives = filter.or ?? [];
  const requiredId = useId();
  const infoOf = (member: string) => alternativeMembers.find((m) => m.name === member);
  return (
    <li className={styles.root} data-list-row>
      <div className={styles.line}>
        <Text className={styles.title} weight="semibold">
          {title}
        </Text>
        <span className={styles.buttons}>
          <ListActionButton action="up" label={`Move filter on ${title} up`} disabled={!onMoveUp} onClick={onMoveUp} />
          <ListActionButton action="down" label={`Move filter on ${title} down`} disabled={!onMoveDown} onClick={onMoveDown} />
          <ListActionButton
            action="remove"
            label={`Remove filter on ${title}`}
            disabled={props.required === true}
            describedBy={props.required === true ? requiredId : undefined}
            onClick={props.required === true ? undefined : onRemove}
          />
        </span>
      </div>
      {props.required === true && (
        <Caption1 id={requiredId} className={styles.or}>
          Required by the data model: a report on this view keeps a filter on {title}.
        </Caption1>
      )}
      <ConditionFields
        condition={filter}
        title={title}
        memberType={memberType}
        view={view}
        onOperator={onOperator}
        onValues={onValues}
        boundCell={props.binding?.boundCell ?? null}
      />
      {props.binding && <BindToCell title={title} {...props.binding} />}
      {alternatives.length > 0 && (
        <ul className={styles.alternatives} aria-label={`Alternatives to the filter on ${title}`}>
          {alternatives.map((alt, i) => {
            const info = infoOf(alt.member);
            const altTitle = `${info?.title ?? alt.member} (alternative ${i + 1})`;
            const altType = info?.type ?? 'string';
            return (
              <li key={i} className={styles.alternative}>
                <div className={styles.line}>
                  <Caption1 className={styles.or}>OR</Caption1>
                  <ListActionButton
                    action="remove"
                    label={`Remove alternative ${i + 1} of the filter on ${title}`}
                    onClick={() => props.onRemoveAlternative(i)}
                  />
                </div>
                <Select
                  aria-label={`Field of alternative ${i + 1} to the filter on ${title}`}
                  value={alt.member}
                  onChange={(_, d) => props.onAlternative(i, { member: d.value, operator: 'equals', values: [''] })}
                >
                  {alternativeMembers.map((m) => (
                    <option key={m.name} value={m.name}>
                      {m.title}
                    </option>
                  ))}
                </Select>
                <ConditionFields
                  condition={alt}
                  title={altTitle}
                  memberType={altType}
                  view={view}
                  onOperator={(operator) => props.onAlternative(i, { ...alt, operator, values: valuesForOperator(alt.values, operator) })}
                  onValues={(values) => props.onAlternative(i, { ...alt, values })}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Button
        size="small"
        appearance="subtle"
        onClick={props.onAddAlternative}
        aria-label={`Add an alternative (OR) to the filter on ${title}`}
      >
        Or…
      </Button>
    </li>
  );
}
