/** The outcome of a card's own action as a small message bar inside that card (success, no rows, cancelled, or the error). */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import type { CardOutcome } from './card-outcome';
import { ErrorBar } from './ErrorBar';
import { useReveal } from './use-reveal';

export interface CardOutcomeBarProps {
  outcome: CardOutcome;
  onDismiss: () => void;
}

export function CardOutcomeBar({ outcome, onDismiss }: CardOutcomeBarProps) {
  if (outcome.kind === 'error') return <ErrorBar error={outcome.error} onDismiss={onDismiss} />;
  return <OutcomeBar outcome={outcome} onDismiss={onDismiss} />;
}

function OutcomeBar({ outcome, onDismiss }: { outcome: Exclude<CardOutcome, { kind: 'error' }>; onDismiss: () => void }) {
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
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={onDismiss}>
          Dismiss
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
