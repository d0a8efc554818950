/** A hook that brings a message into view when it appears (and focuses it when asked), so no outcome or error is off screen. */
import { useEffect, useRef } from 'react';

/**
 * Scrolls the element into view when it mounts or when `key` changes (a new message in the same place); with
 * `takeFocus` it also takes the focus (give the element tabIndex -1), for a message that replaced the focused control.
 */
export function useReveal<T extends HTMLElement>(key: unknown, takeFocus = false) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (el === null) return;
    if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest' });
    if (takeFocus) el.focus({ preventScroll: true });
  }, [key, takeFocus]);
  return ref;
}
