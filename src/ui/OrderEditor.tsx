/** Sort order (member and direction, in priority order) and the row limit of a builder report. */
import { Button, Caption1, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useState } from 'react';
import type { OrderEntry } from './builder-edits';
import { PLATFORM_DEFAULT_ROW_CAP } from '../core/builder/default-cap';
import { formatCount } from './format-numbers';
import { ListActionButton } from './ListActionButton';
import { useListFocus } from './use-list-focus';

export interface OrderEditorProps {
  order: readonly OrderEntry[];
  /** Members that can be sorted by (those placed in rows, columns, measures), with titles. */
  choices: ReadonlyArray<{ member: string; title: string }>;
  limit: number | null;
  onSet: (index: number, entry: OrderEntry) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onMove: (index: number, delta: number) => void;
  /** A valid limit (a whole number above 0, or null for none), or `invalid` with the reason while the typed text is not one. */
  onLimit: (limit: number | null | { invalid: string }) => void;
  /** Titles of members whose sorts went with them (the member was removed from the report), said in the list; null when none. */
  dropped?: readonly string[] | null;
}

/** Said under an empty Limit: without a top-level LIMIT the platform returns at most its default cap. */
export const DEFAULT_CAP_HINT = `No limit set: the platform returns at most ${formatCount(PLATFORM_DEFAULT_ROW_CAP)} rows (its default cap). Set a Limit to get more.`;

/** The limit a typed text stands for: null when empty, a whole number above 0, or why it is not one. */
export function parseLimitText(text: string): number | null | { invalid: string } {
  const t = text.trim();
  if (t === '') return null;
  // Past the largest whole number a number holds exactly, a typed limit would be sent as another number.
  if (/^\d+(?:\.\d*)?(?:e\+?\d+)?$/i.test(t) && Number(t) > Number.MAX_SAFE_INTEGER)
    return { invalid: `Enter a whole number from 1 to ${formatCount(Number.MAX_SAFE_INTEGER)}, or leave empty for no limit.` };
  if (!/^[1-9]\d*$/.test(t) || !Number.isSafeInteger(Number(t)))
    return { invalid: 'Enter a whole number above 0, or leave empty for no limit.' };
  return Number(t);
}

/** The most rows a sheet holds (Excel's and the preview's grid): a limit past them cannot all be placed below a header. */
const SHEET_ROWS = 1_048_576;
/** Said under a Limit larger than the rows a sheet can hold below the report's header. */
export const PAST_SHEET_HINT = `A sheet has ${formatCount(SHEET_ROWS)} rows: at most ${formatCount(SHEET_ROWS - 1)} fit below the header.`;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  entry: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  member: { flexBasis: '100%', minWidth: 0 },
  dir: { flexGrow: 1, minWidth: 0 },
  empty: { color: tokens.colorNeutralForeground3 },
});

export function OrderEditor(props: OrderEditorProps) {
  const { order, choices, limit } = props;
  const styles = useStyles();
  const labelId = useId();
  const focus = useListFocus();
  const [limitText, setLimitText] = useState(limit === null ? '' : String(limit));
  const titleOf = (member: string) => choices.find((c) => c.member === member)?.title ?? member;
  const parsedLimit = parseLimitText(limitText);
  const limitProblem = typeof parsedLimit === 'object' && parsedLimit !== null ? parsedLimit.invalid : undefined;
  return (
    <div className={styles.root}>
      <Text id={labelId} weight="semibold">
        Order
      </Text>
      <div ref={focus.ref} tabIndex={-1} role="group" aria-labelledby={labelId}>
        {props.dropped !== undefined && props.dropped !== null && props.dropped.length > 0 && (
          <Caption1 role="status">{props.dropped.map((t) => `The sort by ${t} was dropped with ${t}.`).join(' ')}</Caption1>
        )}
        {order.length === 0 ? (
          <Caption1 className={styles.empty}>Default order.</Caption1>
        ) : (
          <ul className={styles.list} aria-labelledby={labelId}>
            {order.map((o, i) => (
              <li key={`${o.member}-${i}`} className={styles.entry} data-list-row>
                <Select
                  className={styles.member}
                  aria-label={`Sort ${i + 1} by`}
                  value={o.member}
                  onChange={(_, d) => props.onSet(i, { ...o, member: d.value })}
                >
                  {choices.map((c) => (
                    <option key={c.member} value={c.member}>
                      {c.title}
                    </option>
                  ))}
                </Select>
                <Select
                  className={styles.dir}
                  aria-label={`Direction of sort by ${titleOf(o.member)}`}
                  value={o.desc ? 'desc' : 'asc'}
                  onChange={(_, d) => props.onSet(i, { ...o, desc: d.value === 'desc' })}
                >
                  <option value="asc">Ascending</option>
                  <option value="desc">Descending</option>
                </Select>
                <ListActionButton
                  action="up"
                  label={`Move sort by ${titleOf(o.member)} up`}
                  disabled={i === 0}
                  onClick={() => {
                    focus.after(i - 1, 'up');
                    props.onMove(i, -1);
                  }}
                />
                <ListActionButton
                  action="remove"
                  label={`Remove sort by ${titleOf(o.member)}`}
                  onClick={() => {
                    focus.after(i, 'remove');
                    props.onRemove(i);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <Button size="small" onClick={props.onAdd} disabled={choices.length <= order.length}>
          Add sort
        </Button>
      </div>
      <Field
        label="Limit"
        hint={
          limitText.trim() === ''
            ? DEFAULT_CAP_HINT
            : typeof parsedLimit === 'number' && parsedLimit > SHEET_ROWS - 1
              ? PAST_SHEET_HINT
              : 'Most rows to return; empty for no limit.'
        }
        validationMessage={limitProblem}
      >
        <Input
          type="number"
          min={1}
          value={limitText}
          onChange={(_, d) => {
            setLimitText(d.value);
            props.onLimit(parseLimitText(d.value));
          }}
        />
      </Field>
    </div>
  );
}
