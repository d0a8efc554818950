/** Excel's side of automation: refresh on open through the shared runtime's startup behavior; no scheduler for add-ins. */
import type { AutomationAbilities, AutomationHost } from '../core/automation/automation-service';
import { AddinError } from '../core/errors/addin-error';

export const EXCEL_ABILITIES: AutomationAbilities = {
  refreshOnOpen: {
    available: true,
    note:
      'Excel starts this only after the add-in was opened once in this workbook: after turning it on, save the workbook; ' +
      'from then on the reports refresh each time it opens, with the pane closed.',
  },
  schedule: {
    available: false,
    note: 'Excel has no scheduler for add-ins: refresh on open, from the ribbon’s Refresh all, or from this pane.',
  },
};

/** The part of Office.addin used here (SharedRuntime 1.1). */
export interface StartupBehaviorApi {
  setStartupBehavior(behavior: Office.StartupBehavior): Promise<void>;
  getStartupBehavior(): Promise<Office.StartupBehavior>;
}

export interface StartupBehaviorValues {
  load: Office.StartupBehavior;
  none: Office.StartupBehavior;
}

/** Refresh on open is the document's startup behavior: Load starts the shared runtime (pane hidden) as the workbook opens. */
export function excelAutomationHost(addin: StartupBehaviorApi, values: StartupBehaviorValues): AutomationHost {
  return {
    abilities: async () => EXCEL_ABILITIES,
    async apply(next, previous) {
      if (next.refreshOnOpen === previous.refreshOnOpen) return next;
      try {
        await addin.setStartupBehavior(next.refreshOnOpen ? values.load : values.none);
      } catch (e) {
        throw new AddinError('host', 'Excel did not accept the setting to start the add-in with this workbook. Nothing was changed.', {
          detail: e instanceof Error ? e.message : String(e),
        });
      }
      return next;
    },
  };
}

/**
 * At start: the document's startup behavior follows its switch (a copy of a workbook, or a switch changed in another
 * Excel, keeps both in step), and answers whether this start should refresh (the switch is on).
 */
export async function alignStartupBehavior(addin: StartupBehaviorApi, values: StartupBehaviorValues, on: boolean): Promise<boolean> {
  const want = on ? values.load : values.none;
  if ((await addin.getStartupBehavior()) !== want) await addin.setStartupBehavior(want);
  return on;
}
