/** The pane's one confirmation dialog, mounted above the screen switch so a screen that closes on an answer cannot cut it short. */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

/** A yes/no question: its title, its sentences, and the two answers' labels (the safe one is the primary button). */
export interface PaneQuestion {
  title: string;
  lines: readonly string[];
  /** The answer that goes ahead (e.g. "Discard", "Overwrite"). */
  confirm: string;
  /** The answer that changes nothing (e.g. "Keep editing", "Cancel"); also what Escape answers. */
  decline: string;
  /** Which answer is the primary button; defaults to the one that changes nothing. */
  primary?: 'confirm' | 'decline';
}

/** Asks the question; resolves true for the confirming answer, false otherwise. */
export type AskQuestion = (question: PaneQuestion) => Promise<boolean>;

const AskContext = createContext<AskQuestion | null>(null);

export function useAskQuestion(): AskQuestion {
  const ask = useContext(AskContext);
  if (ask === null) throw new Error('Pane questions must be asked inside <PaneQuestionHost>.');
  return ask;
}

const NO_QUESTION: PaneQuestion = { title: '', lines: [], confirm: '', decline: '' };

interface Asked {
  question: PaneQuestion;
  answer: (yes: boolean) => void;
}

/**
 * Holds the dialog for every screen below it. A Fluent modal hides the rest of the page (aria-hidden) while open and
 * gives it back when its surface closes; a dialog unmounted with its screen mid-close can leave the page hidden from
 * screen readers, so the dialog lives here and always closes the ordinary way, whatever the answer does to the screen.
 */
export function PaneQuestionHost({ children }: { children: ReactNode }) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [open, setOpen] = useState(false);
  const current = useRef<Asked | null>(null);

  const answer = useCallback((yes: boolean) => {
    const a = current.current;
    if (a === null) return;
    current.current = null;
    setOpen(false);
    a.answer(yes);
  }, []);

  const ask = useCallback<AskQuestion>(
    (question) =>
      new Promise<boolean>((resolve) => {
        // A question still open is declined: only one is asked at a time.
        current.current?.answer(false);
        const next: Asked = { question, answer: resolve };
        current.current = next;
        setAsked(next);
        setOpen(true);
      }),
    [],
  );

  const value = useMemo(() => ask, [ask]);
  // The last question stays drawn while its dialog closes.
  const q = asked?.question ?? NO_QUESTION;
  const primary = q.primary ?? 'decline';
  return (
    <AskContext.Provider value={value}>
      {children}
      <Dialog
        open={open}
        modalType="alert"
        onOpenChange={(_, data) => {
          if (!data.open) answer(false);
        }}
      >
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{q.title}</DialogTitle>
            <DialogContent>
              {q.lines.map((line) => (
                <Text block key={line}>
                  {line}
                </Text>
              ))}
            </DialogContent>
            <DialogActions>
              {(primary === 'confirm' ? (['confirm', 'decline'] as const) : (['decline', 'confirm'] as const)).map((which) => (
                <Button key={which} appearance={which === primary ? 'primary' : 'secondary'} onClick={() => answer(which === 'confirm')}>
                  {which === 'confirm' ? q.confirm : q.decline}
                </Button>
              ))}
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </AskContext.Provider>
  );
}
