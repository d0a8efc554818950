/**
 * A strict fake of `ScriptApp`: AuthMode, installable time-driven (one-off and recurring) and spreadsheet on-open triggers.
 * Google's limits hold: 20 triggers per user per script, and an add-on's time-driven triggers at most once an hour.
 */
import { AuthMode, Execution, SCOPES } from './execution';

export const MAX_TRIGGERS = 20;
/** Intervals `everyHours` and `everyMinutes` accept (Google's reference for ClockTriggerBuilder). */
const HOURS = [1, 2, 4, 6, 8, 12];
const MINUTES = [1, 5, 10, 15, 30];

const EventType = Object.freeze({
  CLOCK: 'CLOCK',
  ON_OPEN: 'ON_OPEN',
  ON_EDIT: 'ON_EDIT',
  ON_FORM_SUBMIT: 'ON_FORM_SUBMIT',
  ON_CHANGE: 'ON_CHANGE',
});
const TriggerSource = Object.freeze({ CLOCK: 'CLOCK', SPREADSHEETS: 'SPREADSHEETS' });
const WeekDay = Object.freeze({
  SUNDAY: 'SUNDAY',
  MONDAY: 'MONDAY',
  TUESDAY: 'TUESDAY',
  WEDNESDAY: 'WEDNESDAY',
  THURSDAY: 'THURSDAY',
  FRIDAY: 'FRIDAY',
  SATURDAY: 'SATURDAY',
});
type WeekDayName = keyof typeof WeekDay;

export interface FakeTrigger {
  getUniqueId(): string;
  getHandlerFunction(): string;
  getEventType(): 'CLOCK' | 'ON_OPEN';
  getTriggerSource(): 'CLOCK' | 'SPREADSHEETS';
  getTriggerSourceId(): string | null;
}

/** How a recurring clock trigger repeats, as its builder was told. */
export interface Recurrence {
  everyHours?: number;
  everyMinutes?: number;
  everyDays?: number;
  everyWeeks?: number;
  atHour?: number;
  nearMinute?: number;
  onWeekDay?: WeekDayName;
  inTimezone?: string;
}

interface TriggerRecord {
  id: string;
  handler: string;
  /** One-off clock triggers: when they fire. */
  at: number | null;
  recurrence: Recurrence | null;
  /** Spreadsheet triggers: the spreadsheet's id. */
  spreadsheetId: string | null;
  fired: boolean;
  trigger: FakeTrigger;
}

export interface FakeScriptAppOptions {
  /** Runs as an Editor add-on: time-driven triggers may not repeat more often than hourly. */
  addOn?: boolean;
}

function invalid(name: string): Error {
  return new Error(`Invalid argument: ${name}`);
}

export function fakeScriptApp(execution: Execution, options: FakeScriptAppOptions = {}) {
  const triggers: TriggerRecord[] = [];
  let nextId = 1;
  const full = (method: string) => execution.call(`ScriptApp.${method}`, 'full', SCOPES.scriptApp);

  const add = (handler: string, fields: Pick<TriggerRecord, 'at' | 'recurrence' | 'spreadsheetId'>): FakeTrigger => {
    full('TriggerBuilder.create');
    if (triggers.length >= MAX_TRIGGERS) {
      throw new Error('This script has too many triggers. Triggers must be deleted from the script before more can be added.');
    }
    const id = String(nextId++);
    const open = fields.spreadsheetId !== null;
    const trigger: FakeTrigger = {
      getUniqueId: () => id,
      getHandlerFunction: () => handler,
      getEventType: () => (open ? 'ON_OPEN' : 'CLOCK'),
      getTriggerSource: () => (open ? 'SPREADSHEETS' : 'CLOCK'),
      getTriggerSourceId: () => fields.spreadsheetId,
    };
    triggers.push({ id, handler, ...fields, fired: false, trigger });
    return trigger;
  };

  const app = {
    AuthMode,
    EventType,
    TriggerSource,
    WeekDay,
    newTrigger(functionName: string) {
      if (typeof functionName !== 'string' || functionName === '') throw invalid('functionName');
      return {
        timeBased() {
          let at: number | null = null;
          const every: Recurrence = {};
          const builder = {
            after(durationMilliseconds: number) {
              if (!Number.isInteger(durationMilliseconds) || durationMilliseconds < 0) throw invalid('durationMilliseconds');
              at = execution.now() + durationMilliseconds;
              return builder;
            },
            at(date: Date) {
              at = date.getTime();
              return builder;
            },
            everyMinutes(n: number) {
              if (!MINUTES.includes(n)) throw new Error('The value passed to everyMinutes must be 1, 5, 10, 15 or 30.');
              every.everyMinutes = n;
              return builder;
            },
            everyHours(n: number) {
              if (!HOURS.includes(n)) throw new Error('The value passed to everyHours must be 1, 2, 4, 6, 8 or 12.');
              every.everyHours = n;
              return builder;
            },
            everyDays(n: number) {
              if (!Number.isInteger(n) || n < 1) throw invalid('n');
              every.everyDays = n;
              return builder;
            },
            everyWeeks(n: number) {
              if (!Number.isInteger(n) || n < 1) throw invalid('n');
              every.everyWeeks = n;
              return builder;
            },
            atHour(hour: number) {
              if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw invalid('hour');
              every.atHour = hour;
              return builder;
            },
            nearMinute(minute: number) {
              if (!Number.isInteger(minute) || minute < 0 || minute > 59) throw invalid('minute');
              every.nearMinute = minute;
              return builder;
            },
            inTimezone(timezone: string) {
              if (typeof timezone !== 'string' || timezone === '') throw invalid('timezone');
              every.inTimezone = timezone;
              return builder;
            },
            onWeekDay(day: string) {
              if (!(day in WeekDay)) throw invalid('day');
              every.onWeekDay = day as WeekDayName;
              return builder;
            },
            create(): FakeTrigger {
              const recurring = Object.keys(every).some((k) => k !== 'inTimezone');
              if (at === null && !recurring) throw new Error('A time-based trigger needs after(), at() or a recurrence before create().');
              if (at !== null && recurring) throw new Error('A time-based trigger is either one-off (after, at) or recurring, not both.');
              if (
                (every.atHour !== undefined || every.nearMinute !== undefined) &&
                every.everyDays === undefined &&
                every.onWeekDay === undefined
              )
                throw new Error('atHour and nearMinute need everyDays or onWeekDay.');
              if (options.addOn && every.everyMinutes !== undefined)
                throw new Error('Add-ons may not create time-based triggers that run more often than once an hour.');
              return add(functionName, { at, recurrence: recurring ? { ...every } : null, spreadsheetId: null });
            },
          };
          return builder;
        },
        forSpreadsheet(sheet: string | { getId(): string }) {
          const spreadsheetId = typeof sheet === 'string' ? sheet : sheet.getId();
          if (spreadsheetId === '') throw invalid('key');
          let event: 'ON_OPEN' | null = null;
          const builder = {
            onOpen() {
              event = 'ON_OPEN';
              return builder;
            },
            create(): FakeTrigger {
              if (event === null) throw new Error('A spreadsheet trigger needs an event (onOpen) before create().');
              return add(functionName, { at: null, recurrence: null, spreadsheetId });
            },
          };
          return builder;
        },
      };
    },
    /** The current user's installable triggers of this script. */
    getProjectTriggers(): FakeTrigger[] {
      full('getProjectTriggers');
      return triggers.map((t) => t.trigger);
    },
    /** The current user's triggers of this script for this spreadsheet. */
    getUserTriggers(spreadsheet: { getId(): string }): FakeTrigger[] {
      full('getUserTriggers');
      const id = spreadsheet.getId();
      return triggers.filter((t) => t.spreadsheetId === id).map((t) => t.trigger);
    },
    deleteTrigger(trigger: FakeTrigger): void {
      full('deleteTrigger');
      const i = triggers.findIndex((t) => t.id === trigger.getUniqueId());
      if (i >= 0) triggers.splice(i, 1);
    },
  };

  /** Test control: the one-off triggers whose time has come and that have not fired yet, marked fired (they stay listed until deleted). */
  const takeDue = (): Array<{ id: string; handler: string }> =>
    triggers
      .filter((t): t is TriggerRecord & { at: number } => !t.fired && t.at !== null && t.at <= execution.now())
      .sort((a, b) => a.at - b.at)
      .map((t) => {
        t.fired = true;
        return { id: t.id, handler: t.handler };
      });

  return { app, triggers, takeDue };
}
