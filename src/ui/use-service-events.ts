/** A hook subscribing a component to the service's events for as long as it is mounted (always calling the latest listener). */
import { useEffect, useRef } from 'react';
import type { ServiceEvent } from '../core/service/addin-service';
import { usePaneEnv } from './pane-env';

export function useServiceEvents(listener: (event: ServiceEvent) => void): void {
  const { service } = usePaneEnv();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => service.subscribe((event) => latest.current(event)), [service]);
}
