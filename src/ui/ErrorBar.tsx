/** A Fluent message bar for one error: title, the error's own message, what to do, and the kind's action (e.g. "Sign in again"). */
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useContext } from 'react';
import { toErrorView } from './error-view';
import { SignInAgainContext } from './pane-env';
import { useReveal } from './use-reveal';

export interface ErrorBarProps {
  error: unknown;
  /** Shown as a "Sign in again" button on 'unauthenticated' errors; defaults to the shell's. */
  onSignInAgain?: () => void;
  onDismiss?: () => void;
  /** What the error is about (e.g. a report name), put before the title. */
  subject?: string;
  /** The user's SQL, when the error is about running it (a query error then points at the user's own line). */
  sql?: string | null;
  /** Move the focus to the message when it appears (it replaced the control the user was on, e.g. Insert). */
  takeFocus?: boolean;
  /** Shown on the sign-in form: a validation error is worded for its fields. */
  signIn?: boolean;
  /** Shown on a card or the list (no fields there): a validation error gets no form's hint. */
  card?: boolean;
}

const useStyles = makeStyles({
  body: { overflowWrap: 'anywhere' },
  hint: { display: 'block', marginTop: tokens.spacingVerticalXS },
  detail: { display: 'block', marginTop: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3 },
});

export function ErrorBar(props: ErrorBarProps) {
  const { error, onSignInAgain: signInProp, onDismiss, subject, sql, takeFocus = false, signIn = false, card = false } = props;
  const styles = useStyles();
  const signInFromShell = useContext(SignInAgainContext);
  const onSignInAgain = signInProp ?? signInFromShell ?? undefined;
  const view = toErrorView(error, { sql: sql ?? null, signIn, card });
  const showSignIn = view.action === 'signInAgain' && onSignInAgain !== undefined;
  const ref = useReveal<HTMLDivElement>(error, takeFocus);
  const assertive = view.intent !== 'info';
  // A message that opens with the title ("Cancelled. Nothing was changed.") says it once, not twice.
  const repeats = view.message.toLowerCase().startsWith(view.title.toLowerCase());
  const title = subject === undefined ? (repeats ? null : view.title) : repeats ? subject : `${subject}: ${view.title}`;
  return (
    <MessageBar
      ref={ref}
      tabIndex={takeFocus ? -1 : undefined}
      // A live region of its own, announced when it appears: errors and warnings at once, information when the reader is idle.
      role={assertive ? 'alert' : 'status'}
      aria-live={assertive ? 'assertive' : 'polite'}
      intent={view.intent}
      data-intent={view.intent}
      data-kind={view.kind}
      layout="multiline"
      politeness={assertive ? 'assertive' : 'polite'}
    >
      <MessageBarBody className={styles.body}>
        {title !== null && <MessageBarTitle>{title}</MessageBarTitle>}
        {view.message}
        {view.hint !== null && <Text className={styles.hint}>{view.hint}</Text>}
        {view.detail !== null && (
          <Text size={200} className={styles.detail}>
            {view.detail}
          </Text>
        )}
      </MessageBarBody>
      {(showSignIn || onDismiss) && (
        <MessageBarActions>
          {showSignIn && <Button onClick={onSignInAgain}>Sign in again</Button>}
          {onDismiss && <Button onClick={onDismiss}>Dismiss</Button>}
        </MessageBarActions>
      )}
    </MessageBar>
  );
}
