/**
 * The selection watch of the Excel pane: Workbook.onSelectionChanged (ExcelApi 1.2) tells the service of each new
 * selection, so "Insert at …" follows it at once; where the event is missing or cannot be registered the pane polls.
 */
import type { SelectionChanges } from '../core/service/service-events';
import { SELECTION_EVENTS, type IsSetSupported } from './requirements';
import { startedWatch } from './started-watch';

export interface SelectionChangeOptions {
  isSetSupported: IsSetSupported;
  /** Where a failure to register or remove the handler goes (the pane's poll still follows the selection). */
  log: (message: string, detail: unknown) => void;
}

/**
 * Registers the handler in one Excel.run and returns the function that removes it (in the context it was added in, as
 * Office.js requires). Once registered it reports one change: the selection may have moved while it registered.
 */
export async function watchSelection(onChange: () => void): Promise<() => Promise<void>> {
  const registered = await Excel.run(async (context) => {
    const result = context.workbook.onSelectionChanged.add(async () => onChange());
    await context.sync();
    return result;
  });
  onChange();
  return async () => {
    await Excel.run(registered.context, async (context) => {
      registered.remove();
      await context.sync();
    });
  };
}

/** The service's `selectionChanges` dependency, or undefined where Excel has no selection event (the pane polls). */
export function excelSelectionChanges(options: SelectionChangeOptions): SelectionChanges | undefined {
  if (!options.isSetSupported(SELECTION_EVENTS.name, SELECTION_EVENTS.version)) return undefined;
  return (onChange) =>
    startedWatch(() => watchSelection(onChange), {
      log: options.log,
      startFailed: 'The add-in could not follow the selection; the pane asks Excel for it every few seconds instead.',
      stopFailed: 'The add-in could not stop following the selection.',
    });
}
