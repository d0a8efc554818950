/**
 * A hook following the host's selected cell: read on mount, on window focus, on the service's 'selectionChanged' (where
 * the host tells of a new selection), every `pollMs` (0 = never) until such an event shows the host tells, and on demand.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AddinService, CellTarget } from '../core/service/addin-service';
import { usePaneEnv } from './pane-env';
import { useServiceEvents } from './use-service-events';

export interface ActiveCell {
  target: CellTarget | null;
  error: unknown;
  refresh: () => Promise<void>;
}

/** Services whose host was seen telling of a new selection: their panes read the selection on the event, not on a poll. */
const telling = new WeakSet<AddinService>();

export function useActiveCell(enabled: boolean): ActiveCell {
  const { service, activeCellPollMs } = usePaneEnv();
  const [target, setTarget] = useState<CellTarget | null>(null);
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef(false);
  /** A selection change came while a read was in flight (which may hold the old cell): read once more after it. */
  const again = useRef(false);
  const live = useRef(true);
  const following = useRef(enabled);
  following.current = enabled;

  const refresh = useCallback(async () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        again.current = false;
        try {
          const cell = await service.activeCell();
          if (!live.current) return;
          setError(null);
          setTarget((t) => (t !== null && t.label === cell.label && t.sheetId === cell.sheetId ? t : cell));
        } catch (e) {
          if (live.current) setError(e);
        }
      } while (again.current && live.current);
    } finally {
      inFlight.current = false;
    }
  }, [service]);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  useServiceEvents((event) => {
    if (event.type !== 'selectionChanged') return;
    telling.add(service);
    if (following.current) void refresh();
  });

  useEffect(() => {
    if (!enabled) return;
    void refresh();
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    // The poll is the fallback for hosts that do not tell of a new selection (Sheets, an Excel without the event).
    const id = activeCellPollMs > 0 ? setInterval(() => void (telling.has(service) ? undefined : refresh()), activeCellPollMs) : null;
    return () => {
      window.removeEventListener('focus', onFocus);
      if (id !== null) clearInterval(id);
    };
  }, [enabled, refresh, activeCellPollMs, service]);

  return { target, error, refresh };
}
