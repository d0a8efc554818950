/** What the preview automates: refresh on open at page load; no scheduler (a browser page runs only while it is open). */
import type { AutomationAbilities } from '../core/automation/automation-service';

export const PREVIEW_ABILITIES: AutomationAbilities = {
  refreshOnOpen: { available: true, note: 'In the preview, the workbook opens when this page loads: the reports refresh then.' },
  schedule: {
    available: false,
    note: 'The preview has no scheduler (it runs only while this page is open), and neither does Excel for add-ins: Google Sheets has one.',
  },
};
