/** Events fired inside act() that then wait one macrotask, so the fake service's promise chains settle and render before assertions. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** A few macrotasks: Fluent's dialogs and portals take more than one render round to open in the test environment. */
const macrotask = async () => {
  for (let i = 0; i < 3; i += 1) await tick();
};

export async function click(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
    await macrotask();
  });
}

export async function change(element: Element, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(element, { target: { value } });
    await macrotask();
  });
}

/** Lets pending promise callbacks (and the renders they cause) run. Not for tests on fake timers. */
export async function settle(): Promise<void> {
  await act(async () => {
    await macrotask();
  });
}

/**
 * Finds an open alert dialog by name and moves focus into it, as a browser does: in jsdom Fluent (Tabster) cannot see
 * layout, so it focuses the dialog surface instead of its first control and keeps the dialog aria-hidden until focus is inside.
 */
export async function findDialog(name: string): Promise<HTMLElement> {
  // Matched by its title text: while aria-hidden, the accessible name is not computed from the title.
  const dialog = await waitFor(() => {
    const match = screen
      .queryAllByRole('alertdialog', { hidden: true })
      .find((d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === name);
    if (match === undefined) throw new Error(`No dialog "${name}" is open.`);
    return match;
  });
  const first = dialog.querySelector<HTMLElement>('input, button, select, textarea');
  await act(async () => {
    first?.focus();
    await macrotask();
  });
  return screen.getByRole('alertdialog', { name });
}

/**
 * Waits until a closing dialog has left the document: Fluent keeps the rest of the page aria-hidden through the
 * dialog's closing transition, which takes longer than a task on a loaded machine, and a role query meanwhile finds nothing.
 */
export async function dialogClosed(dialog: HTMLElement): Promise<void> {
  await waitFor(() => {
    if (dialog.isConnected) throw new Error('The dialog is still closing.');
  });
}

/** Clicks a button of an open dialog that closes it, and waits until the dialog has left the document (dialogClosed). */
export async function closeDialog(dialog: HTMLElement, buttonName: string): Promise<void> {
  await click(within(dialog).getByRole('button', { name: buttonName }));
  await dialogClosed(dialog);
}

/** Finds an open cell-target dialog by name (Move, Place again, Place existing report): non-modal, in the pane's own flow. */
export function findCellTarget(name: string): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name });
}
