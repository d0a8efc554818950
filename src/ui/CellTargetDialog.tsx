/**
 * A non-modal dialog in the pane that puts a report at the selected cell: its own content, the cell it names (followed
 * live as the user clicks in the sheet), then Confirm, Use selected cell, Cancel. It is not modal because the cell it
 * asks for is picked in the sheet: in the preview the grid is in the same page, and nothing may cover it or take its click.
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { CellTarget } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { useActiveCell } from './use-active-cell';

export interface CellTargetDialogProps {
  open: boolean;
  title: string;
  busy: boolean;
  /** The confirm button's text ("Move here"). */
  confirmLabel: string;
  /** The line naming the target ("Move to Sheet1!B2"), or asking for one when no cell is selected (null). */
  targetText: (target: CellTarget | null) => string;
  /** Keeps the confirm button off for a reason of the dialog's own (a required field left empty). */
  blocked?: boolean;
  onConfirm: (target: CellTarget) => void;
  /** Cancel or Escape: the focus goes back to where it was when the dialog opened. */
  onCancel: () => void;
  /** The dialog's own content, above the target line. */
  children: ReactNode;
  /** Shown under the target line (the last attempt's error). */
  after?: ReactNode;
}

const useStyles = makeStyles({
  // It stays in view at the pane's bottom edge while the list above it scrolls, and covers nothing of the sheet.
  root: {
    position: 'sticky',
    bottom: 0,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    overflowWrap: 'anywhere',
  },
  title: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export function CellTargetDialog(props: CellTargetDialogProps) {
  const { open, title, busy, confirmLabel, targetText, blocked = false, onConfirm, onCancel, children, after } = props;
  const styles = useStyles();
  // The selected cell is followed while the dialog is open and idle.
  const active = useActiveCell(open && !busy);
  const titleId = useId();
  const targetId = useId();
  const target = active.target;
  const ref = useRef<HTMLDivElement>(null);
  /** Where the focus was when the dialog opened (the button that opened it): Cancel gives it back there. */
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    if (root === null) return;
    if (typeof root.scrollIntoView === 'function') root.scrollIntoView({ block: 'nearest' });
    // The focus goes to the dialog's first field, or to the dialog itself (its title and text are read first).
    (root.querySelector<HTMLElement>('input, textarea') ?? root).focus();
  }, [open]);

  if (!open) return null;
  const cancel = (): void => {
    const back = opener.current;
    onCancel();
    if (back !== null && back.isConnected) back.focus();
  };
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={styles.root}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || busy) return;
        e.stopPropagation();
        cancel();
      }}
    >
      <Text as="h3" id={titleId} size={400} weight="semibold" className={styles.title}>
        {title}
      </Text>
      {children}
      <Text block id={targetId} weight="semibold" aria-live="polite">
        {targetText(target)}
      </Text>
      {active.error !== null && <ErrorBar error={active.error} subject="Selected cell" />}
      {after}
      <div className={styles.actions}>
        {/* Focusable while busy, so the focus stays on the button the user pressed until the outcome takes it. */}
        <Button
          appearance="primary"
          disabledFocusable={busy || target === null || blocked}
          aria-describedby={targetId}
          onClick={() => target !== null && !busy && !blocked && onConfirm(target)}
        >
          {confirmLabel}
        </Button>
        <Button disabledFocusable={busy} onClick={() => void active.refresh()}>
          Use selected cell
        </Button>
        <Button disabledFocusable={busy} onClick={cancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
