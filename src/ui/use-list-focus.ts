/**
 * Keeps keyboard focus in an editable list after a move or remove re-renders it.
 * Focus goes to the moved row's same button, else a neighbour's, else the list.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The buttons of a row, marked `data-list-action` (rows are the elements marked `data-list-row`, in document order). */
export type ListAction = 'up' | 'down' | 'remove';

export interface ListFocus {
  /** The element around the list; give it tabIndex -1: it takes the focus when no row is left. */
  ref: RefObject<HTMLDivElement | null>;
  /** After the next render, focus the `action` button of the row now at `row` (else its remove button, else the row before's, else the list). */
  after(row: number, action: ListAction): void;
}

function button(row: Element | undefined, action: ListAction): HTMLElement | null {
  return row?.querySelector<HTMLElement>(`[data-list-action="${action}"]`) ?? null;
}

export function useListFocus(): ListFocus {
  const ref = useRef<HTMLDivElement | null>(null);
  const pending = useRef<{ row: number; action: ListAction } | null>(null);
  useLayoutEffect(() => {
    const want = pending.current;
    const root = ref.current;
    if (want === null || root === null) return;
    pending.current = null;
    const rows = [...root.querySelectorAll('[data-list-row]')];
    const target = button(rows[want.row], want.action) ?? button(rows[want.row], 'remove') ?? button(rows[want.row - 1], 'remove') ?? root;
    target.focus();
  });
  const after = (row: number, action: ListAction) => {
    pending.current = { row, action };
  };
  return { ref, after };
}
