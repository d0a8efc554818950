// The sidebar's typed google.script.run client against the BUILT server bundle in a vm.
// Typed answers parsed with the shared schemas, server errors as AddinErrors, JSON-only arguments, at most 10 calls in
// flight.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ScriptCacheJobStore } from '../../../appsscript/server/service/script-cache-job-store';
import { cancelRequested, emptyStatus } from '../../../src/core/jobs/job-store';
import { serverClient, nonJsonPath } from '../../../appsscript/sidebar/server-client';
import { buildSheets } from '../../../scripts/sheets-bundle';
import { addinRejection } from '../../helpers/caught-error';
import { createFakeEnvironment, type FakeEnvironment } from '../fakes/environment';
import { scriptRunBridge } from '../helpers/script-run-bridge';

let outDir: string;
let code: string;
let env: FakeEnvironment;
const jobId = 'job_abcdefghijklmnop';

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheets-client-'));
  await buildSheets({ outDir, sidebar: false, claspProject: null });
  code = fs.readFileSync(path.join(outDir, 'Code.js'), 'utf8');
});
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));
beforeEach(() => {
  env = createFakeEnvironment();
  env.begin('FULL');
});
afterEach(() => env.close());

test('jobStatus answers the typed record and cancel sets the flag the job sees', async () => {
  await new ScriptCacheJobStore(env.caches.script).set(jobId, JSON.stringify(emptyStatus(jobId, 'running')));
  const client = serverClient(scriptRunBridge(env, code).run);
  await expect(client.call('jobStatus', { jobId })).resolves.toMatchObject({ state: 'running', progress: null, outcome: null });
  await expect(client.call('cancel', { jobId })).resolves.toBeNull();
  expect(await cancelRequested(new ScriptCacheJobStore(env.caches.script), jobId)).toBe(true);
  await expect(client.call('jobStatus', { jobId })).resolves.toMatchObject({ cancelRequested: true });
  await expect(client.call('jobStatus', { jobId: 'job_unknown_000000000' })).resolves.toBeNull();
});

test('bad input comes back as the server’s validation AddinError', async () => {
  const client = serverClient(scriptRunBridge(env, code).run);
  const e = await addinRejection(client.call('jobStatus', { jobId: 'short' }));
  expect(e.kind).toBe('validation');
  expect(e.message).toMatch(/^The add-in sent jobStatus bad input \(jobId: /);
});

test('only plain JSON is sent: a Date, a function, undefined or NaN is refused before the call', async () => {
  const bridge = scriptRunBridge(env, code);
  const client = serverClient(bridge.run);
  await expect(client.call('jobStatus', { jobId: new Date() as unknown as string })).rejects.toThrow(
    'Only plain JSON can be sent to the server: (argument).jobId of jobStatus is not.',
  );
  expect(bridge.maxInFlight).toBe(0);
  expect(nonJsonPath({ a: [1, { b: () => 1 }] })).toBe('(argument).a[1].b');
  expect(nonJsonPath({ a: [undefined] })).toBe('(argument).a[0]');
  expect(nonJsonPath({ a: NaN })).toBe('(argument).a');
  expect(nonJsonPath({ a: [1, 'x', true, null, { b: {} }] })).toBeNull();
});

test('twenty calls at once never have more than 10 in flight, and all are answered', async () => {
  await new ScriptCacheJobStore(env.caches.script).set(jobId, JSON.stringify(emptyStatus(jobId, 'running')));
  const bridge = scriptRunBridge(env, code);
  const client = serverClient(bridge.run);
  bridge.hold();
  const calls = Array.from({ length: 20 }, () => client.call('jobStatus', { jobId }));
  await new Promise((r) => setTimeout(r, 10));
  expect(bridge.maxInFlight).toBe(10);
  bridge.release();
  const answers = await Promise.all(calls);
  expect(answers.every((a) => a?.state === 'running')).toBe(true);
  expect(bridge.maxInFlight).toBe(10);
});

test('a failed execution (the failure handler) and an unexpected answer are host errors', async () => {
  const failing = serverClient(() => {
    const runner = {
      withSuccessHandler: () => runner,
      withFailureHandler: (h: (e: unknown) => void) => {
        setTimeout(() => h(new Error('ScriptError: Exceeded maximum execution time')), 0);
        return runner;
      },
      jobStatus: () => undefined,
    };
    return runner;
  });
  const e = await addinRejection(failing.call('jobStatus', { jobId }));
  expect([e.kind, e.message]).toEqual([
    'host',
    'Google Sheets could not run jobStatus (ScriptError: Exceeded maximum execution time). Close and reopen the sidebar, then try again.',
  ]);
  const odd = serverClient(() => {
    let ok: (v: unknown) => void = () => undefined;
    const runner = {
      withSuccessHandler: (h: (v: unknown) => void) => ((ok = h), runner),
      withFailureHandler: () => runner,
      jobStatus: (a: { callId: string }) =>
        setTimeout(() => ok({ ok: true, value: { callId: a.callId, record: { state: 'done', value: { state: 'exploded' } } } }), 0),
    };
    return runner;
  });
  expect((await addinRejection(odd.call('jobStatus', { jobId }))).message).toMatch(/unexpected data/);
  // Seven minutes on, a call still works: each one is an execution of its own with its own 6 minutes.
  env.execution.advance(7 * 60 * 1000);
  await expect(serverClient(scriptRunBridge(env, code).run).call('jobStatus', { jobId })).resolves.toBeNull();
});
