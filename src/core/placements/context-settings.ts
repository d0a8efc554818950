/** A placement's context settings: the filter summary row above its table and the note on its anchor cell (both off by default). */
import { z } from 'zod';

/**
 * `filterSummary` writes one row of inert text above the table naming the filters ("City: Zürich, Kraków"); the row is
 * part of the placement's area. `anchorNote` keeps a cell note on the anchor ("Report 'Sales', refreshed … by Ana"),
 * renewed at every refresh. A record stored without them reads as off.
 */
export const contextSettingsSchema = z.object({ filterSummary: z.boolean(), anchorNote: z.boolean() }).strict();
export type ContextSettings = z.infer<typeof contextSettingsSchema>;

/** The record's settings; absent fields read as off. */
export function contextOf(record: { filterSummary?: boolean | undefined; anchorNote?: boolean | undefined }): ContextSettings {
  return { filterSummary: record.filterSummary === true, anchorNote: record.anchorNote === true };
}

/** A change of some of the settings, as the pane asks for it (a setting left out stays as it is). */
export const contextChangeSchema = contextSettingsSchema.partial();
export type ContextChange = z.infer<typeof contextChangeSchema>;
