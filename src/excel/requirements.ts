/**
 * Requirement sets the Excel add-in needs, checked at start, and the message naming what is missing.
 * They are checked with Office.context.requirements.isSetSupported.
 */

export interface RequirementSet {
  name: string;
  version: string;
  /** What needs it, for the message. */
  usedFor: string;
}

/**
 * ExcelApi 1.7: ranges by row and column index, the active cell, worksheet events (names 1.4, calculation suspension 1.6).
 * SharedRuntime 1.1: the ribbon's Refresh all running in the pane's runtime, with the pane closed, and refresh on open
 * (Office.addin.setStartupBehavior loads that runtime with the workbook).
 */
export const REQUIRED_SETS: readonly RequirementSet[] = [
  { name: 'ExcelApi', version: '1.7', usedFor: 'reading and writing cells by position and following sheet changes' },
  { name: 'SharedRuntime', version: '1.1', usedFor: 'running Refresh all from the ribbon' },
];

/** Optional sets: sheet-rename events (ExcelApi 1.17) and workbook-wide change events (ExcelApi 1.9); without them the pane re-reads when shown. */
export const SHEET_RENAME_EVENTS: RequirementSet = { name: 'ExcelApi', version: '1.17', usedFor: 'sheet-rename events' };
export const WORKBOOK_CHANGE_EVENTS: RequirementSet = { name: 'ExcelApi', version: '1.9', usedFor: 'workbook-wide change events' };
/** Workbook.onSelectionChanged: the pane's "Insert at …" follows the selection at once; without it the pane polls. */
export const SELECTION_EVENTS: RequirementSet = { name: 'ExcelApi', version: '1.2', usedFor: 'selection-changed events' };
/** `triggerSource` of change events tells the add-in's own writes apart: cell edits are followed only with it. */
export const EDIT_TRIGGER_SOURCE: RequirementSet = {
  name: 'ExcelApi',
  version: '1.14',
  usedFor: 'following cell edits (parameter cells, hand edits)',
};

/**
 * Optional: RunOptions.mergeUndoGroup (ExcelApi 1.20) makes all the syncs of one Excel.run one Ctrl+Z step; without it
 * every sync that changes cells is a step of its own.
 */
export const MERGED_UNDO: RequirementSet = { name: 'ExcelApi', version: '1.20', usedFor: 'one Ctrl+Z step per write' };

export type IsSetSupported = (name: string, minVersion?: string) => boolean;

export function missingRequirementSets(isSetSupported: IsSetSupported, sets: readonly RequirementSet[] = REQUIRED_SETS): RequirementSet[] {
  return sets.filter((s) => !isSetSupported(s.name, s.version));
}

/** "This version of Excel lacks ..." naming each missing set and what it is for, and what to do. */
export function requirementMessage(missing: readonly RequirementSet[]): string {
  const list = missing.map((s) => `${s.name} ${s.version} (${s.usedFor})`).join(' and ');
  return (
    `This version of Excel lacks ${list}, which the Reports add-in needs. ` +
    'Update Office to a current Microsoft 365 version (Windows Version 2002 or later, Mac 16.35 or later) or use Excel on the web.'
  );
}
