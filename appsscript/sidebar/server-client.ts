/** Typed promises over google.script.run for the sidebar: only plain JSON goes out, every answer is parsed with the shared schemas, server errors come back as AddinErrors, and at most 10 calls are in flight. */
import { z } from 'zod';
import { AddinError, type AddinErrorKind } from '../../src/core/wire/errors';
import { serverErrorSchema } from '../server/server-call';
import { sidebarApi, type SidebarArgs, type SidebarFunction, type SidebarResult } from '../server/sidebar-api';

/** The part of `google.script.run` used here: handlers are set on a runner, then the server function is called by name. */
export interface ScriptRunner {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRunner;
  withFailureHandler(handler: (error: unknown) => void): ScriptRunner;
  [serverFunction: string]: unknown;
}

/** google.script.run allows 10 concurrent calls. */
export const MAX_IN_FLIGHT = 10;

// A table, so the compiler says when errors.ts gains a kind this list lacks.
const KIND_TABLE: Record<AddinErrorKind, true> = {
  unauthenticated: true,
  forbidden: true,
  notFound: true,
  validation: true,
  publicIdTaken: true,
  upsertRaceLost: true,
  ambiguousLegacyId: true,
  server: true,
  network: true,
  contract: true,
  cancelled: true,
  hostBusy: true,
  query: true,
  continueWait: true,
  stream: true,
  blocked: true,
  limit: true,
  host: true,
};
const KINDS: ReadonlySet<string> = new Set(Object.keys(KIND_TABLE));

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

export function serverClient(run: () => ScriptRunner): ServerClient {
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

  return {
    async call(name, args) {
      const bad = nonJsonPath(args);
      if (bad !== null) throw new Error(`Only plain JSON can be sent to the server: ${bad} of ${name} is not.`);
      await slot();
      let raw: unknown;
      try {
        raw = await send(name, args);
      } finally {
        release();
      }
      const answer = answerSchema.safeParse(raw);
      if (!answer.success)
        throw new AddinError('host', `The add-in's server answered ${name} in an unexpected shape. Reload the spreadsheet.`, {
          detail: answer.error.message,
        });
      if (!answer.data.ok) {
        const { kind, message, code, detail } = answer.data.error;
        throw new AddinError(KINDS.has(kind) ? (kind as AddinErrorKind) : 'host', message, { code, detail });
      }
      const value = sidebarApi[name].result.safeParse(answer.data.value);
      if (!value.success)
        throw new AddinError('host', `The add-in's server answered ${name} with unexpected data. Reload the spreadsheet.`, {
          detail: value.error.message,
        });
      return value.data as SidebarResult<typeof name>;
    },
  };
}
