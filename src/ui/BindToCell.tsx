/** A filter value's "Bind to cell" choice: a typed reference (Inputs!B2) or the active cell, or the cell it is bound to. */
import { Button, Caption1, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { toErrorView } from './error-view';

export interface BindToCellProps {
  /** The filter's title, for accessible names ("Bind Created at to a cell"). */
  title: string;
  /** The cell the value is bound to ("Inputs!B2"), or null when it is typed in the builder. */
  boundCell: string | null;
  /** The active cell's reference ("Inputs!B2"); rejects when the host cannot tell it. */
  activeCell: () => Promise<string>;
  /** Bind the value to `ref`, or unbind it (null); a rejection's message is shown and the choice stays open. */
  onBind: (ref: string | null) => void | Promise<void>;
}

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalXS },
  bound: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

export function BindToCell({ title, boundCell, activeCell, onBind }: BindToCellProps) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [ref, setRef] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (boundCell !== null)
    return (
      <div className={styles.row}>
        <Caption1 className={styles.bound}>From {boundCell}</Caption1>
        <Button size="small" appearance="subtle" onClick={() => onBind(null)} aria-label={`Unbind ${title} from ${boundCell}`}>
          Unbind
        </Button>
      </div>
    );
  if (!open)
    return (
      <Button size="small" appearance="subtle" onClick={() => setOpen(true)} aria-label={`Bind ${title} to a cell`}>
        Bind to cell…
      </Button>
    );
  const bind = () => {
    const typed = ref.trim();
    if (typed === '') {
      setError('Type a cell such as Inputs!B2, or use the active cell.');
      return;
    }
    setError(null);
    Promise.resolve(onBind(typed)).then(
      () => setOpen(false),
      (e: unknown) => setError(toErrorView(e).message),
    );
  };
  const useActive = () => {
    activeCell().then(
      (cell) => {
        setRef(cell);
        setError(null);
      },
      () => setError('The active cell could not be read. Type the cell instead.'),
    );
  };
  return (
    <div className={styles.row}>
      <Field label={`Cell for ${title}`} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
        <Input size="small" value={ref} placeholder="Inputs!B2" onChange={(_, d) => setRef(d.value)} />
      </Field>
      <Button size="small" onClick={useActive} aria-label={`Use the active cell for ${title}`}>
        Active cell
      </Button>
      <Button size="small" appearance="primary" onClick={bind} aria-label={`Bind ${title} to this cell`}>
        Bind
      </Button>
      <Button size="small" appearance="subtle" onClick={() => setOpen(false)} aria-label={`Cancel binding ${title}`}>
        Cancel
      </Button>
    </div>
  );
}
