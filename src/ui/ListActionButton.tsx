/** The small icon button that moves a row of a builder list up or down or removes it (found by useListFocus through `data-list-action`). */
import { Button } from '@fluentui/react-components';
import type { ListAction } from './use-list-focus';

const ICON: Record<ListAction, string> = { up: '↑', down: '↓', remove: '✕' };

export interface ListActionButtonProps {
  action: ListAction;
  /** The accessible name, naming the row ("Move Status up in Rows"). */
  label: string;
  /** At a list's end: stays focusable (the focus is not lost) but does nothing. */
  disabled?: boolean;
  onClick?: () => void;
  /** The id of a text saying why the button does nothing here (aria-describedby). */
  describedBy?: string;
}

export function ListActionButton({ action, label, disabled = false, onClick, describedBy }: ListActionButtonProps) {
  return (
    <Button
      size="small"
      appearance="subtle"
      disabledFocusable={disabled}
      data-list-action={action}
      onClick={onClick}
      aria-label={label}
      aria-describedby={describedBy}
      icon={<span aria-hidden>{ICON[action]}</span>}
    />
  );
}
