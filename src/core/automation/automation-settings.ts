/** The workbook's automation switches (refresh on open, the Sheets schedule), saved in the document without secrets. */
import { z } from 'zod';
import type { DocumentStore } from '../host';
import { PRODUCT_PREFIX } from '../wire/wire-names';

/** Document key of the switches (ours, not a wire name). */
export const AUTOMATION_KEY = `${PRODUCT_PREFIX}.automation`;

/** How often a schedule refreshes: Apps Script runs add-on time triggers at most hourly, so nothing finer exists. */
export const scheduleSchema = z.discriminatedUnion('every', [
  z.object({ every: z.literal('off') }),
  z.object({ every: z.literal('hour') }),
  z.object({ every: z.literal('day'), hour: z.number().int().min(0).max(23) }),
  z.object({ every: z.literal('monday'), hour: z.number().int().min(0).max(23) }),
]);
export type Schedule = z.infer<typeof scheduleSchema>;

export const automationSettingsSchema = z.object({
  refreshOnOpen: z.boolean(),
  schedule: scheduleSchema,
  /** Who set the schedule (an email or a display name, never a key): its runs use that person's key. */
  scheduleOwner: z.string().max(200).nullable(),
});
export type AutomationSettings = z.infer<typeof automationSettingsSchema>;

export const AUTOMATION_OFF: AutomationSettings = { refreshOnOpen: false, schedule: { every: 'off' }, scheduleOwner: null };

/** The switches from their stored text: everything off when absent or unreadable (off is the safe reading). */
export function parseAutomation(raw: string | null | undefined): AutomationSettings {
  if (raw === null || raw === undefined || raw === '') return { ...AUTOMATION_OFF };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ...AUTOMATION_OFF };
  }
  const parsed = automationSettingsSchema.safeParse(json);
  return parsed.success ? parsed.data : { ...AUTOMATION_OFF };
}

export async function loadAutomation(store: DocumentStore): Promise<AutomationSettings> {
  return parseAutomation(await store.get(AUTOMATION_KEY));
}

export async function saveAutomation(store: DocumentStore, settings: AutomationSettings): Promise<void> {
  await store.set(AUTOMATION_KEY, JSON.stringify(automationSettingsSchema.parse(settings)));
}

/** "every hour", "every day at about 07:00", "every Monday at about 07:00", or "off". */
export function scheduleText(schedule: Schedule): string {
  const at = (h: number): string => `at about ${String(h).padStart(2, '0')}:00`;
  switch (schedule.every) {
    case 'off':
      return 'off';
    case 'hour':
      return 'every hour';
    case 'day':
      return `every day ${at(schedule.hour)}`;
    case 'monday':
      return `every Monday ${at(schedule.hour)}`;
  }
}
