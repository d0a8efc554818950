// The BUILT server bundle (dist output of the Sheets build) run in a Node vm context whose only globals are the Apps Script fakes.
// Entry points are top-level functions, onOpen builds the menu in AuthMode.NONE and FULL, the sidebar opens, sidebar
// calls take JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { BUNDLE_GLOBAL, ENTRY_POINTS } from '../../appsscript/shared/entry-points';
import { ScriptCacheJobStore } from '../../appsscript/server/service/script-cache-job-store';
import { cancelRequested, emptyStatus } from '../../src/core/jobs/job-store';
import { buildSheets } from '../../scripts/sheets-bundle';
import { createFakeEnvironment, type FakeEnvironment } from './fakes/environment';
import { fireDueTriggers, loadProject } from './helpers/vm-project';

let outDir: string;
let code: string;
let sidebarHtml: string;
let env: FakeEnvironment;

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheets-build-'));
  await buildSheets({ outDir, claspProject: null });
  code = fs.readFileSync(path.join(outDir, 'Code.js'), 'utf8');
  sidebarHtml = fs.readFileSync(path.join(outDir, 'Sidebar.html'), 'utf8');
});
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));
beforeEach(() => {
  env = createFakeEnvironment({ htmlFiles: new Map([['Sidebar', sidebarHtml]]) });
});
afterEach(() => env.close());

const execution = (mode: 'NONE' | 'LIMITED' | 'FULL') => loadProject(env, code, mode);

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

test('the project holds appsscript.json, Code.js and Sidebar.html; every entry point is a top-level function', () => {
  expect(fs.readdirSync(outDir).sort()).toEqual(['Code.js', 'Sidebar.html', 'appsscript.json']);
  const context = execution('FULL');
  for (const name of ENTRY_POINTS) {
    expect(typeof context[name]).toBe('function');
    expect(code).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
    // The stub calls the bundle's export of the same name: it must exist too.
    expect(vm.runInContext(`typeof ${BUNDLE_GLOBAL}.${name}`, context)).toBe('function');
  }
  // The bundle sees Apps Script's globals only: no Node or browser API.
  expect(vm.runInContext('[typeof process, typeof require, typeof setTimeout, typeof fetch, typeof window].join()', context)).toBe(
    'undefined,undefined,undefined,undefined,undefined',
  );
});

test.each(['NONE', 'FULL'] as const)('onOpen in AuthMode.%s builds the Reports menu and touches nothing else', (mode) => {
  const context = execution(mode);
  context.onOpen!({ authMode: mode, source: null });
  expect(json(env.ui.menus)).toEqual([
    {
      caption: 'Reports',
      addon: false,
      items: [
        { caption: 'Open reports', functionName: 'openReports' },
        { caption: 'Refresh all reports', functionName: 'refreshAllReports' },
      ],
    },
  ]);
  // Every menu item calls a top-level function of the bundle.
  for (const item of env.ui.menus[0]!.items) if (item !== 'separator') expect(typeof context[item.functionName]).toBe('function');
  expect(env.urlFetch.requests).toEqual([]);
  expect([env.stores.user.data.size, env.stores.document.data.size, env.stores.script.data.size]).toEqual([0, 0, 0]);
});

test('onInstall builds the same menu', () => {
  execution('FULL').onInstall!({ authMode: 'FULL' });
  expect(env.ui.menus.map((m) => m.caption)).toEqual(['Reports']);
});

test('Open reports shows the built Sidebar.html titled Reports', () => {
  execution('FULL').openReports!();
  expect(env.ui.sidebar?.title).toBe('Reports');
  expect(env.ui.sidebar?.content).toBe(sidebarHtml);
});

test('jobStatus and cancel parse their JSON arguments and answer plain JSON at once', async () => {
  const jobId = 'job_abcdefghijklmnop';
  const callId = 'call_abcdefghijklmnop';
  env.begin('FULL');
  await new ScriptCacheJobStore(env.caches.script).set(jobId, JSON.stringify(emptyStatus(jobId, 'running')));
  const context = execution('FULL');
  expect(json(context.jobStatus!({ callId, args: { jobId } }))).toMatchObject({
    ok: true,
    value: { callId, record: { state: 'done', value: { state: 'running', progress: null, cancelRequested: false } } },
  });
  expect(json(context.cancel!({ callId, args: { jobId } }))).toEqual({
    ok: true,
    value: { callId, record: { state: 'done', value: null } },
  });
  expect(await cancelRequested(new ScriptCacheJobStore(env.caches.script), jobId)).toBe(true);
  const bad = json(context.jobStatus!({ callId, args: { jobId: 'x' } })) as {
    value: { record: { state: string; error: { kind: string; message: string } } };
  };
  expect(bad.value.record.state).toBe('failed');
  expect(bad.value.record.error.kind).toBe('validation');
  expect(bad.value.record.error.message).toMatch(/^The add-in sent jobStatus bad input \(jobId: /);
  expect(json(context.cancel!('not an object'))).toMatchObject({ ok: false, error: { kind: 'validation' } });
});

test('Dates read from the sheet inside the project are the project scope’s own Dates', () => {
  const context = execution('FULL');
  env.book
    .getActiveSheet()
    .getRange('A1')
    .setValue(new Date(Date.UTC(2024, 0, 31)));
  const isDate = vm.runInContext("SpreadsheetApp.getActiveSpreadsheet().getRange('A1').getValue() instanceof Date", context);
  expect(isDate).toBe(true);
});

test('a due trigger runs as an execution of its own; a handler the project lacks fails like Apps Script', async () => {
  execution('FULL');
  env.triggers.app.newTrigger('onOpen').timeBased().after(60_000).create();
  env.execution.advance(60_000);
  await expect(fireDueTriggers(env, code)).resolves.toEqual([{ handler: 'onOpen', result: undefined }]);
  expect(env.ui.menus).toHaveLength(1);
  env.triggers.app.newTrigger('missing').timeBased().after(0).create();
  await expect(fireDueTriggers(env, code)).rejects.toThrow('Script function not found: missing');
});
