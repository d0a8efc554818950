/** Picks a relative period for a time filter (today, last N days, this quarter, year to date...) and says it in words. */
import { Caption1, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import {
  MAX_RELATIVE_COUNT,
  RELATIVE_UNITS,
  parseRelativePeriod,
  relativePeriodCode,
  relativePeriodWords,
  type CalendarUnit,
  type RelativePeriod,
  type RelativeUnit,
} from '../core/builder/relative-period';

export interface PeriodPickerProps {
  /** The filter's title, for the controls' names. */
  title: string;
  /** The stored period code. */
  code: string;
  onChange: (code: string) => void;
}

type Kind = RelativePeriod['kind'];
const KINDS: ReadonlyArray<{ kind: Kind; label: string }> = [
  { kind: 'today', label: 'Today' },
  { kind: 'yesterday', label: 'Yesterday' },
  { kind: 'last', label: 'Last N…' },
  { kind: 'this', label: 'This…' },
  { kind: 'previous', label: 'Last (whole)…' },
  { kind: 'toDate', label: '… to date' },
];
const CALENDAR_UNITS: readonly CalendarUnit[] = ['week', 'month', 'quarter', 'year'];

const useStyles = makeStyles({
  // Wraps at narrow widths (Last N and its unit on a line of their own) rather than sticking out of the card.
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center', minWidth: 0 },
  count: { width: '5em' },
  words: { color: tokens.colorNeutralForeground2 },
});

function periodOfKind(kind: Kind, from: RelativePeriod | null): RelativePeriod {
  const unit = from && 'unit' in from ? from.unit : 'day';
  const calendar: CalendarUnit = unit === 'day' ? 'month' : unit;
  switch (kind) {
    case 'today':
    case 'yesterday':
      return { kind };
    case 'last':
      return { kind, n: from?.kind === 'last' ? from.n : 7, unit };
    default:
      return { kind, unit: calendar };
  }
}

export function PeriodPicker({ title, code, onChange }: PeriodPickerProps) {
  const styles = useStyles();
  const period = parseRelativePeriod(code);
  const set = (p: RelativePeriod) => onChange(relativePeriodCode(p));
  const units: readonly RelativeUnit[] = period?.kind === 'last' ? RELATIVE_UNITS : CALENDAR_UNITS;
  return (
    <>
      <div className={styles.line}>
        <Select
          aria-label={`Period for ${title}`}
          value={period?.kind ?? ''}
          onChange={(_, d) => {
            const kind = KINDS.find((k) => k.kind === d.value)?.kind;
            if (kind) set(periodOfKind(kind, period));
          }}
        >
          {period === null && <option value="">Choose a period</option>}
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </Select>
        {period?.kind === 'last' && (
          <Input
            className={styles.count}
            type="number"
            aria-label={`Number of units for ${title}`}
            value={String(period.n)}
            min={1}
            max={MAX_RELATIVE_COUNT}
            onChange={(_, d) => {
              const n = Math.trunc(Number(d.value));
              if (Number.isFinite(n) && n >= 1 && n <= MAX_RELATIVE_COUNT) set({ ...period, n });
            }}
          />
        )}
        {period !== null && period.kind !== 'today' && period.kind !== 'yesterday' && (
          <Select
            aria-label={`Unit for ${title}`}
            value={period.unit}
            onChange={(_, d) => {
              const unit = units.find((u) => u === d.value);
              if (unit === undefined) return;
              if (period.kind === 'last') set({ ...period, unit });
              else if (unit !== 'day') set({ ...period, unit });
            }}
          >
            {units.map((u) => (
              <option key={u} value={u}>
                {period.kind === 'last' ? `${u}s` : u}
              </option>
            ))}
          </Select>
        )}
      </div>
      {period !== null && <Caption1 className={styles.words}>{relativePeriodWords(period)}</Caption1>}
    </>
  );
}
