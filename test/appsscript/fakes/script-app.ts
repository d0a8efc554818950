/**
 * A strict fake of `ScriptApp`: AuthMode and one-off time-based installable triggers (20 per user per script).
 * Triggers fire when the fake clock passes their time.
 */
import { AuthMode, Execution, SCOPES } from './execution';

export const MAX_TRIGGERS = 20;

export interface FakeTrigger {
  getUniqueId(): string;
  getHandlerFunction(): string;
  getEventType(): 'CLOCK';
  getTriggerSource(): 'CLOCK';
}

interface TriggerRecord {
  id: string;
  handler: string;
  at: number;
  fired: boolean;
  trigger: FakeTrigger;
}

export function fakeScriptApp(execution: Execution) {
  const triggers: TriggerRecord[] = [];
  let nextId = 1;
  const full = (method: string) => execution.call(`ScriptApp.${method}`, 'full', SCOPES.scriptApp);

  const app = {
    AuthMode,
    EventType: Object.freeze({ CLOCK: 'CLOCK', ON_OPEN: 'ON_OPEN', ON_EDIT: 'ON_EDIT' }),
    TriggerSource: Object.freeze({ CLOCK: 'CLOCK', SPREADSHEETS: 'SPREADSHEETS' }),
    newTrigger(functionName: string) {
      if (typeof functionName !== 'string' || functionName === '') throw new Error('Invalid argument: functionName');
      return {
        timeBased() {
          let at: number | null = null;
          const builder = {
            after(durationMilliseconds: number) {
              if (!Number.isInteger(durationMilliseconds) || durationMilliseconds < 0)
                throw new Error('Invalid argument: durationMilliseconds');
              at = execution.now() + durationMilliseconds;
              return builder;
            },
            at(date: Date) {
              at = date.getTime();
              return builder;
            },
            create(): FakeTrigger {
              full('TriggerBuilder.create');
              if (at === null) throw new Error('A time-based trigger needs after(), at() or a recurrence before create().');
              if (triggers.length >= MAX_TRIGGERS) {
                throw new Error('This script has too many triggers. Triggers must be deleted from the script before more can be added.');
              }
              const id = String(nextId++);
              const trigger: FakeTrigger = {
                getUniqueId: () => id,
                getHandlerFunction: () => functionName,
                getEventType: () => 'CLOCK',
                getTriggerSource: () => 'CLOCK',
              };
              triggers.push({ id, handler: functionName, at, fired: false, trigger });
              return trigger;
            },
          };
          return builder;
        },
      };
    },
    getProjectTriggers(): FakeTrigger[] {
      full('getProjectTriggers');
      return triggers.map((t) => t.trigger);
    },
    deleteTrigger(trigger: FakeTrigger): void {
      full('deleteTrigger');
      const i = triggers.findIndex((t) => t.id === trigger.getUniqueId());
      if (i >= 0) triggers.splice(i, 1);
    },
  };

  /** Test control: the triggers whose time has come and that have not fired yet, marked fired (one-off triggers stay listed until deleted). */
  const takeDue = (): Array<{ id: string; handler: string }> =>
    triggers
      .filter((t) => !t.fired && t.at <= execution.now())
      .sort((a, b) => a.at - b.at)
      .map((t) => {
        t.fired = true;
        return { id: t.id, handler: t.handler };
      });

  return { app, triggers, takeDue };
}
