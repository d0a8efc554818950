/** The warning on a card whose refresh stopped at cells edited by hand: which cells, with Locate, Overwrite and Skip this report. */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text, makeStyles } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import type { HandEditedOutcome } from './card-outcome';
import { useReveal } from './use-reveal';

export interface HandEditWarningProps {
  warning: HandEditedOutcome;
  /** Absent away from the report's card (the buttons are then left out). */
  onLocate?: () => void;
  onOverwrite?: () => void;
  onSkip: () => void;
}

const useStyles = makeStyles({ body: { overflowWrap: 'anywhere' } });

export function HandEditWarning({ warning, onLocate, onOverwrite, onSkip }: HandEditWarningProps) {
  const styles = useStyles();
  const ref = useReveal<HTMLDivElement>(warning);
  const first = useRef<HTMLButtonElement>(null);
  const skip = useRef<HTMLButtonElement>(null);
  // The warning replaced the Refresh the user pressed: the focus goes to its first choice, so the keyboard carries on there.
  useEffect(() => {
    (first.current ?? skip.current)?.focus({ preventScroll: true });
  }, [warning]);
  return (
    <MessageBar
      ref={ref}
      // Announced at once: the refresh the user asked for did not happen.
      role="alert"
      aria-live="assertive"
      intent="warning"
      data-intent="warning"
      data-outcome="handEdited"
      layout="multiline"
      politeness="assertive"
    >
      <MessageBarBody className={styles.body}>
        <MessageBarTitle>Edited by hand</MessageBarTitle>
        {warning.message}
        <Text block>Overwrite them with the report's values, or skip this report and keep them. Nothing was changed.</Text>
      </MessageBarBody>
      <MessageBarActions>
        {onLocate !== undefined && (
          <Button ref={first} size="small" onClick={onLocate}>
            Locate
          </Button>
        )}
        {onOverwrite !== undefined && (
          <Button size="small" appearance="primary" onClick={onOverwrite}>
            Overwrite
          </Button>
        )}
        <Button ref={skip} size="small" onClick={onSkip}>
          Skip this report
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
