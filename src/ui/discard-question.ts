/** The question "Back to reports" asks before it drops a draft that was changed and not placed or saved. */
import type { PaneQuestion } from './pane-question';

/** `name` as typed (empty when none yet); `isNew` for a report not inserted yet, false for an edit not saved yet. */
export function discardQuestion(name: string, isNew: boolean): PaneQuestion {
  const what = name.trim() === '' ? 'this report' : `"${name.trim()}"`;
  return {
    title: 'Discard your changes?',
    lines: [
      isNew
        ? `${what} has not been inserted yet. Going back to the reports discards it.`
        : `Your changes to ${what} are not saved. Going back to the reports discards them.`,
    ],
    confirm: 'Discard',
    decline: 'Keep editing',
  };
}
