/** React hooks over the PreviewHost's stores: the model's change counter, the selection, the notices. */
import { useCallback, useSyncExternalStore } from 'react';
import type { PreviewHost } from '../preview-host';
import type { PreviewNotice } from '../preview-notice';
import type { SelectionState } from '../selection-store';

/** Re-renders on every change of the workbook model; returns the change counter. */
export function useModelVersion(host: PreviewHost): number {
  const subscribe = useCallback((onChange: () => void) => host.model.subscribe(onChange), [host]);
  return useSyncExternalStore(subscribe, () => host.modelVersion);
}

export function useSelectionState(host: PreviewHost): SelectionState {
  const subscribe = useCallback((onChange: () => void) => host.selection.subscribe(onChange), [host]);
  return useSyncExternalStore(subscribe, () => host.selection.get());
}

export function useNotices(host: PreviewHost): readonly PreviewNotice[] {
  const subscribe = useCallback((onChange: () => void) => host.subscribeNotices(onChange), [host]);
  return useSyncExternalStore(subscribe, () => host.notices());
}
