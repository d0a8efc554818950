/** A hook giving the pane clock's current time, re-read every `intervalMs` so relative labels stay true. */
import { useEffect, useState } from 'react';
import { usePaneEnv } from './pane-env';

export function useNow(intervalMs = 60_000): number {
  const { clock } = usePaneEnv();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    setNow(clock.now());
    const id = setInterval(() => setNow(clock.now()), intervalMs);
    return () => clearInterval(id);
  }, [clock, intervalMs]);
  return now;
}
