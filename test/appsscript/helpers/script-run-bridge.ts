/**
 * A stand-in for the sidebar's google.script.run bridged to the built project in the vm.
 * Arguments and answers cross as JSON, handlers run asynchronously once the call's execution has ended (its microtasks
 * drained), each call is an execution of its own, and more than 10 calls in flight fail.
 */
import type { ScriptRunner } from '../../../appsscript/sidebar/server-client';
import type { FakeEnvironment } from '../fakes/environment';
import { drainExecution, loadProject } from './vm-project';

export interface ScriptRunBridge {
  run: () => ScriptRunner;
  /** The most calls that were in flight at once. */
  readonly maxInFlight: number;
  /** Holds answers back until release() (to see calls pile up). */
  hold(): void;
  release(): void;
}

export function scriptRunBridge(env: FakeEnvironment, code: string): ScriptRunBridge {
  let inFlight = 0;
  let maxInFlight = 0;
  let held: Array<() => void> | null = null;
  const later = (fn: () => void) => (held ? held.push(fn) : void setTimeout(fn, 0));

  const run = (): ScriptRunner => {
    let onSuccess: (value: unknown) => void = () => undefined;
    let onFailure: (error: unknown) => void = () => undefined;
    const runner: ScriptRunner = {
      withSuccessHandler(handler) {
        onSuccess = handler;
        return proxy;
      },
      withFailureHandler(handler) {
        onFailure = handler;
        return proxy;
      },
    };
    // Like google.script.run, any property that is not a handler setter calls the server function of that name.
    const proxy: ScriptRunner = new Proxy(runner, {
      get(target, name: string) {
        if (name in target) return target[name];
        return (arg: unknown) => {
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          if (inFlight > 10) {
            inFlight -= 1;
            later(() => onFailure(new Error('Too many simultaneous invocations.')));
            return;
          }
          const sent: unknown = arg === undefined ? undefined : JSON.parse(JSON.stringify(arg));
          later(() => {
            inFlight -= 1;
            try {
              const scope = loadProject(env, code, 'FULL');
              const fn = scope[name];
              if (typeof fn !== 'function') throw new Error(`Script function not found: ${name}`);
              const result = fn(sent);
              const answer: unknown = result === undefined ? null : JSON.parse(JSON.stringify(result));
              // The answer goes back when the execution ends: after the microtasks the call left have run.
              void drainExecution().then(() => onSuccess(answer));
            } catch (e) {
              onFailure(new Error(e instanceof Error ? e.message : String(e)));
            }
          });
        };
      },
    });
    return proxy;
  };

  return {
    run,
    get maxInFlight() {
      return maxInFlight;
    },
    hold() {
      held = [];
    },
    release() {
      const pending = held ?? [];
      held = null;
      for (const fn of pending) setTimeout(fn, 0);
    },
  };
}
