/**
 * Typed promises over google.script.run for the sidebar.
 * Only plain JSON goes out; each call carries an id the sidebar mints and its answer is fetched with callResult once
 * the server's execution has ended (unless it came back at once); every answer is parsed with the shared schemas,
 * server errors come back as AddinErrors, and at most 10 calls are in flight.
 */
import { z } from 'zod';
import { AddinError, errorKindOr } from '../../src/core/errors/addin-error';
import { serverErrorSchema } from '../shared/server-result';
import {
  callRecordSchema,
  sidebarApi,
  type CallRecord,
  type SidebarArgs,
  type SidebarFunction,
  type SidebarResult,
} from '../shared/sidebar-api';

/** The part of `google.script.run` used here: handlers are set on a runner, then the server function is called by name. */
export interface ScriptRunner {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRunner;
  withFailureHandler(handler: (error: unknown) => void): ScriptRunner;
  [serverFunction: string]: unknown;
}

/** google.script.run allows 10 concurrent calls. */
export const MAX_IN_FLIGHT = 10;

const answerSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: serverErrorSchema }),
]);

/** The path of the first value google.script.run would not pass as it is (a Date, a function, undefined, NaN, a class instance), or null. */
export function nonJsonPath(value: unknown, path = '(argument)'): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const bad = nonJsonPath(value[i], `${path}[${i}]`);
      if (bad !== null) return bad;
    }
    return null;
  }
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return path;
    for (const [k, v] of Object.entries(value)) {
      const bad = nonJsonPath(v, `${path}.${k}`);
      if (bad !== null) return bad;
    }
    return null;
  }
  return path;
}

export interface ServerClient {
  call<K extends SidebarFunction>(name: K, args: SidebarArgs<K>): Promise<SidebarResult<K>>;
}

/** A call id: 24 random URL-safe characters. */
export function mintCallId(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from(random(24), (b) => abc[b & 63]).join('');
}

const startedSchema = z.object({ callId: z.string(), record: callRecordSchema.nullable() });

export interface ServerClientOptions {
  mintId?: () => string;
  /** Pause before asking again for an answer still running (another execution may still be finishing it). */
  sleep?: (ms: number) => Promise<void>;
}

export function serverClient(run: () => ScriptRunner, options: ServerClientOptions = {}): ServerClient {
  const mintId = options.mintId ?? (() => mintCallId());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    inFlight -= 1;
    waiting.shift()?.();
  };
  const slot = (): Promise<void> => {
    if (inFlight < MAX_IN_FLIGHT) {
      inFlight += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      waiting.push(() => {
        inFlight += 1;
        resolve();
      }),
    );
  };

  const send = (name: string, args: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const runner = run()
        .withSuccessHandler(resolve)
        .withFailureHandler((e: unknown) => {
          const why = e instanceof Error ? e.message : String(e);
          reject(
            new AddinError('host', `Google Sheets could not run ${name} (${why}). Close and reopen the sidebar, then try again.`, {
              cause: e,
            }),
          );
        });
      const fn = runner[name];
      if (typeof fn !== 'function') {
        reject(new AddinError('host', `The add-in's server has no function ${name}. Reload the spreadsheet.`));
        return;
      }
      (fn as (a: unknown) => void).call(runner, args);
    });

  /** One google.script.run call: its ok answer's value, or the server's error as an AddinError. */
  const answer = async (name: string, args: unknown): Promise<unknown> => {
    await slot();
    let raw: unknown;
    try {
      raw = await send(name, args);
    } finally {
      release();
    }
    const parsed = answerSchema.safeParse(raw);
    if (!parsed.success)
      throw new AddinError('host', `The add-in's server answered ${name} in an unexpected shape. Reload the spreadsheet.`, {
        detail: parsed.error.message,
      });
    if (!parsed.data.ok) throw errorOf(parsed.data.error);
    return parsed.data.value;
  };

  /** The call's record once it has ended: asked again a few times if its execution is still finishing. */
  const recordOf = async (name: string, callId: string): Promise<CallRecord> => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const raw = await answer('callResult', { callId });
      const record = callRecordSchema.nullable().safeParse(raw);
      if (!record.success)
        throw new AddinError('host', `The add-in's server answered ${name} in an unexpected shape. Reload the spreadsheet.`, {
          detail: record.error.message,
        });
      if (record.data !== null && record.data.state !== 'running') return record.data;
      await sleep(Math.min(2000, 250 * (attempt + 1)));
    }
    throw new AddinError('host', `Google Sheets did not finish ${name}. Close and reopen the sidebar, then try again.`);
  };

  return {
    async call(name, args) {
      const bad = nonJsonPath(args);
      if (bad !== null) throw new Error(`Only plain JSON can be sent to the server: ${bad} of ${name} is not.`);
      const callId = mintId();
      const started = startedSchema.safeParse(await answer(name, { callId, args }));
      if (!started.success)
        throw new AddinError('host', `The add-in's server answered ${name} in an unexpected shape. Reload the spreadsheet.`, {
          detail: started.error.message,
        });
      const record = started.data.record ?? (await recordOf(name, callId));
      if (record.state === 'failed') throw errorOf(record.error);
      if (record.state !== 'done') throw new AddinError('host', `Google Sheets did not finish ${name}.`);
      const value = sidebarApi[name].result.safeParse(record.value);
      if (!value.success)
        throw new AddinError('host', `The add-in's server answered ${name} with unexpected data. Reload the spreadsheet.`, {
          detail: value.error.message,
        });
      return value.data as SidebarResult<typeof name>;
    },
  };
}

function errorOf(error: z.infer<typeof serverErrorSchema>): AddinError {
  const { kind, message, code, detail, data } = error;
  return new AddinError(errorKindOr(kind), message, { code, detail, data });
}
