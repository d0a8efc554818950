/** Arguments and answers of the sidebar's automation calls (switches, schedule, run log), as zod schemas shared by both sides. */
import { z } from 'zod';
import { automationSettingsSchema, scheduleSchema } from '../../src/core/automation/automation-settings';
import { runLogEntrySchema } from '../../src/core/automation/run-log';
import { timeZoneSchema } from '../../src/core/automation/run-record';

const none = z.object({}).strict();
const ability = z.object({ available: z.boolean(), note: z.string() });
const automationViewSchema = z.object({
  settings: automationSettingsSchema,
  abilities: z.object({ refreshOnOpen: ability, schedule: ability }),
});

export const automationApi = {
  getAutomation: { args: none, result: automationViewSchema },
  setAutomation: {
    args: z.union([z.object({ refreshOnOpen: z.boolean() }).strict(), z.object({ schedule: scheduleSchema }).strict()]),
    result: automationViewSchema,
  },
  runLog: {
    args: none,
    result: z.object({ entries: z.array(runLogEntrySchema), marked: z.array(z.string()), timeZone: timeZoneSchema.optional() }),
  },
  clearRunMarks: { args: z.object({ placementIds: z.array(z.string()).nullable() }).strict(), result: z.null() },
} as const;
