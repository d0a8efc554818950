/** The outcome of a card's own action as a message bar inside that card (success and what changed, a hand-edit stop, undo, error). */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner, Text } from '@fluentui/react-components';
import type { CardOutcome } from './card-outcome';
import { ErrorBar } from './ErrorBar';
import { HandEditWarning } from './HandEditWarning';
import { RefreshChanges } from './RefreshChanges';
import { useReveal } from './use-reveal';

/** What the outcome's buttons do on the card (absent outside the list: the buttons are then left out). */
export interface CardOutcomeActions {
  onLocate: () => void;
  onOverwrite: () => void;
  onShowChanges: () => void;
  onUndo: () => void;
  onCancelUndo: () => void;
  /** A refresh or Refresh all is running: Undo refresh waits. */
  busy: boolean;
}

export interface CardOutcomeBarProps {
  outcome: CardOutcome;
  /** Dismiss; for a hand-edit stop, Skip this report. */
  onDismiss: () => void;
  actions?: CardOutcomeActions;
}

export function CardOutcomeBar({ outcome, onDismiss, actions }: CardOutcomeBarProps) {
  if (outcome.kind === 'error') return <ErrorBar error={outcome.error} onDismiss={onDismiss} card />;
  if (outcome.kind === 'handEdited') {
    return <HandEditWarning warning={outcome} onLocate={actions?.onLocate} onOverwrite={actions?.onOverwrite} onSkip={onDismiss} />;
  }
  if (outcome.kind === 'undoing') return <UndoProgress onCancel={actions?.onCancelUndo} />;
  return <OutcomeBar outcome={outcome} onDismiss={onDismiss} actions={actions} />;
}

function UndoProgress({ onCancel }: { onCancel: (() => void) | undefined }) {
  return (
    <MessageBar role="status" aria-live="polite" intent="info" data-outcome="undoing" layout="multiline" politeness="polite">
      <MessageBarBody>
        <Spinner size="extra-tiny" labelPosition="after" label="Undoing the refresh…" />
      </MessageBarBody>
      {onCancel !== undefined && (
        <MessageBarActions>
          <Button size="small" onClick={onCancel}>
            Cancel undo
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}

type ShownOutcome = Extract<CardOutcome, { kind: 'done' | 'empty' | 'cancelled' }>;

function OutcomeBar({ outcome, onDismiss, actions }: { outcome: ShownOutcome; onDismiss: () => void; actions?: CardOutcomeActions }) {
  const ref = useReveal<HTMLDivElement>(outcome);
  const intent =
    outcome.kind === 'done' ? (outcome.capNote === null ? 'success' : 'warning') : outcome.kind === 'empty' ? 'warning' : 'info';
  return (
    <MessageBar
      ref={ref}
      role="status"
      aria-live="polite"
      intent={intent}
      data-intent={intent}
      data-outcome={outcome.kind}
      layout="multiline"
      politeness="polite"
    >
      <MessageBarBody>
        {outcome.kind !== 'cancelled' && <MessageBarTitle>{outcome.title}</MessageBarTitle>}
        {outcome.text}
        {outcome.kind === 'done' && outcome.capNote !== null && <Text block>{outcome.capNote}</Text>}
        {outcome.kind !== 'cancelled' && outcome.after !== undefined && (
          <RefreshChanges
            after={outcome.after}
            onShowChanges={actions?.onShowChanges}
            onUndo={actions?.onUndo}
            busy={actions?.busy ?? false}
          />
        )}
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={onDismiss}>
          Dismiss
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
