/** A hook following the host's selected cell: read on mount, on window focus, every `pollMs` (0 = never), and on demand. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CellTarget } from '../core/service/addin-service';
import { usePaneEnv } from './pane-env';

export interface ActiveCell {
  target: CellTarget | null;
  error: unknown;
  refresh: () => Promise<void>;
}

export function useActiveCell(enabled: boolean): ActiveCell {
  const { service, activeCellPollMs } = usePaneEnv();
  const [target, setTarget] = useState<CellTarget | null>(null);
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef(false);
  const live = useRef(true);

  const refresh = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const cell = await service.activeCell();
      if (!live.current) return;
      setError(null);
      setTarget((t) => (t !== null && t.label === cell.label && t.sheetId === cell.sheetId ? t : cell));
    } catch (e) {
      if (live.current) setError(e);
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

  useEffect(() => {
    if (!enabled) return;
    void refresh();
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    const id = activeCellPollMs > 0 ? setInterval(() => void refresh(), activeCellPollMs) : null;
    return () => {
      window.removeEventListener('focus', onFocus);
      if (id !== null) clearInterval(id);
    };
  }, [enabled, refresh, activeCellPollMs]);

  return { target, error, refresh };
}
