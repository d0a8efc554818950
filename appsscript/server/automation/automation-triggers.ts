/**
 * The installable triggers behind the sidebar's switches: this user's on-open trigger for this spreadsheet and the
 * schedule's time-driven trigger. Installable triggers run as the user who created them, with that user's key.
 */
import type { Schedule } from '../../../src/core/automation/automation-settings';
import { AddinError } from '../../../src/core/errors/addin-error';
import type { ScriptAppLike, TriggerLike } from '../apps-script/apps-script-services';

/** Entry points the triggers call. */
export const OPEN_HANDLER = 'refreshAllOnOpen';
export const SCHEDULE_HANDLER = 'scheduledRefreshAll';

function tooMany(e: unknown): AddinError {
  return new AddinError(
    'limit',
    'Google Sheets refused to add the trigger: a user may have at most 20 triggers per script. Turn off a schedule or ' +
      'refresh on open in another spreadsheet, then try again.',
    { detail: e instanceof Error ? e.message : String(e) },
  );
}

export class AutomationTriggers {
  constructor(
    private readonly scriptApp: ScriptAppLike,
    private readonly spreadsheet: { getId(): string; getSpreadsheetTimeZone(): string },
  ) {}

  /** This user's on-open triggers of ours in this spreadsheet. */
  openTriggers(): TriggerLike[] {
    return this.scriptApp.getUserTriggers(this.spreadsheet).filter((t) => t.getHandlerFunction() === OPEN_HANDLER);
  }

  /** The schedule's triggers (time-driven, of this script: a bound script's triggers belong to its spreadsheet). */
  scheduleTriggers(): TriggerLike[] {
    return this.scriptApp.getProjectTriggers().filter((t) => t.getHandlerFunction() === SCHEDULE_HANDLER);
  }

  /** One on-open trigger when `on`, none when off. */
  setRefreshOnOpen(on: boolean): void {
    const existing = this.openTriggers();
    if (on && existing.length > 0) return;
    for (const t of existing) this.scriptApp.deleteTrigger(t);
    if (!on) return;
    try {
      this.scriptApp.newTrigger(OPEN_HANDLER).forSpreadsheet(this.spreadsheet.getId()).onOpen().create();
    } catch (e) {
      throw tooMany(e);
    }
  }

  /** Replaces the schedule's trigger with one for `schedule` (none for off); on a refusal the previous one is put back. */
  setSchedule(schedule: Schedule, previous: Schedule): void {
    for (const t of this.scheduleTriggers()) this.scriptApp.deleteTrigger(t);
    try {
      this.create(schedule);
    } catch (e) {
      try {
        this.create(previous);
      } catch {
        // Nothing more to put back: the message below says the schedule was not set.
      }
      throw tooMany(e);
    }
  }

  /** Deletes the schedule's triggers (a refused key); answers how many there were. */
  stopSchedule(): number {
    const list = this.scheduleTriggers();
    for (const t of list) this.scriptApp.deleteTrigger(t);
    return list.length;
  }

  private create(schedule: Schedule): void {
    if (schedule.every === 'off') return;
    // The hour is the spreadsheet's (a trigger's hours are otherwise the script project's time zone).
    const clock = this.scriptApp.newTrigger(SCHEDULE_HANDLER).timeBased().inTimezone(this.spreadsheet.getSpreadsheetTimeZone());
    // Add-ons may run a time-driven trigger at most once an hour: every hour is the finest schedule offered.
    if (schedule.every === 'hour') clock.everyHours(1).create();
    else if (schedule.every === 'day') clock.everyDays(1).atHour(schedule.hour).create();
    else clock.everyWeeks(1).onWeekDay(this.scriptApp.WeekDay.MONDAY).atHour(schedule.hour).create();
  }
}
