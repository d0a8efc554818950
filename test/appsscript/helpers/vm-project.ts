/**
 * Runs the built Apps Script project as Apps Script would, each execution a fresh Node `vm` global scope holding only the fakes.
 * Dates come from that scope's own Date and Date.now follows the execution's clock; due time-based triggers fire as
 * executions of their own; an execution ends once its microtasks have run (drainExecution).
 */
import vm from 'node:vm';
import type { FakeEnvironment } from '../fakes/environment';
import type { AuthModeName } from '../fakes/execution';

export type Entry = (arg?: unknown) => unknown;
export type ProjectScope = vm.Context & Record<string, Entry>;

/** Starts an execution in `mode` and loads `code` (the built Code.js) into a new global scope. */
export function loadProject(env: FakeEnvironment, code: string, mode: AuthModeName = 'FULL'): ProjectScope {
  env.begin(mode);
  const context = vm.createContext(env.globals());
  const ContextDate = vm.runInContext('Date', context) as DateConstructor;
  env.book.newDate = (ms) => new ContextDate(ms);
  // The project's clock is the execution's: Date.now() moves with service costs, sleeps and advance().
  ContextDate.now = () => env.execution.now();
  vm.runInContext(code, context, { filename: 'Code.js' });
  return context as ProjectScope;
}

/** Lets the work an entry point left in microtasks run to its end (Apps Script ends an execution only then; the fakes are synchronous, so nothing waits on a timer). */
export function drainExecution(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Fires every due trigger, each in its own FULL execution with a time-driven event object; returns what each handler returned. */
export async function fireDueTriggers(env: FakeEnvironment, code: string): Promise<Array<{ handler: string; result: unknown }>> {
  const out: Array<{ handler: string; result: unknown }> = [];
  for (const due of env.triggers.takeDue()) {
    const scope = loadProject(env, code, 'FULL');
    const handler = scope[due.handler];
    if (typeof handler !== 'function') throw new Error(`Script function not found: ${due.handler}`);
    const now = new Date(env.execution.now());
    out.push({ handler: due.handler, result: await handler({ authMode: 'FULL', triggerUid: due.id, year: now.getUTCFullYear() }) });
    await drainExecution();
  }
  return out;
}
