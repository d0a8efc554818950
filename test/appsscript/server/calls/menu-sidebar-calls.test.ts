// The Reports menu in every authorization mode, the sidebar from its HTML file, and JSON-only sidebar call handling.
import { z } from 'zod';
import { AddinError } from '../../../../src/core/errors/addin-error';
import { addReportsMenu } from '../../../../appsscript/server/ui/reports-menu';
import { parseArgs, serverCall } from '../../../../appsscript/server/calls/server-call';
import { openSidebar } from '../../../../appsscript/server/ui/open-sidebar';
import { addinErrorOf } from '../../../helpers/caught-error';
import { createFakeEnvironment, type FakeEnvironment } from '../../fakes/environment';
import type { fakeHtmlService } from '../../fakes/html';

let env: FakeEnvironment;
beforeEach(() => {
  env = createFakeEnvironment({ htmlFiles: new Map([['Sidebar', '<div id="root"></div>']]) });
});
afterEach(() => env.close());

test.each(['NONE', 'LIMITED', 'FULL'] as const)('the Reports menu is built in AuthMode.%s', (mode) => {
  env.begin(mode);
  addReportsMenu(env.ui);
  expect(env.ui.menus).toEqual([
    {
      caption: 'Reports',
      addon: false,
      items: [
        { caption: 'Open reports', functionName: 'openReports' },
        { caption: 'Refresh all reports', functionName: 'refreshAllReports' },
      ],
    },
  ]);
});

test('the menu says when refresh on open is on, with an item that opens the sidebar where it is changed', () => {
  env.begin('FULL');
  addReportsMenu(env.ui, { refreshOnOpen: true });
  expect(env.ui.menus[0]!.items.at(-1)).toEqual({ caption: 'Refresh on open: on (change in Open reports)', functionName: 'openReports' });
});

test('the sidebar shows the Sidebar file with its title', () => {
  env.begin('FULL');
  openSidebar(env.globals().HtmlService as ReturnType<typeof fakeHtmlService>, env.ui);
  expect(env.ui.sidebar).toEqual({ title: 'Reports', content: '<div id="root"></div>' });
});

test('arguments are parsed with zod; bad input is a validation error naming the field', () => {
  const schema = z.object({ jobId: z.string().min(3) }).strict();
  expect(parseArgs(schema, { jobId: 'abc' }, 'jobStatus')).toEqual({ jobId: 'abc' });
  const e = addinErrorOf(() => parseArgs(schema, { jobId: 'a' }, 'jobStatus'));
  expect(e.kind).toBe('validation');
  expect(e.message).toMatch(/^The add-in sent jobStatus bad input \(jobId: /);
  expect(addinErrorOf(() => parseArgs(schema, { jobId: 'abc', extra: 1 }, 'jobStatus')).message).toMatch(/\(\(arguments\): /);
});

test('results and errors cross as plain JSON: Dates become strings, AddinErrors keep kind, code and data, others become host errors', () => {
  expect(serverCall(() => ({ at: new Date(0), n: 1 }))).toEqual({ ok: true, value: { at: '1970-01-01T00:00:00.000Z', n: 1 } });
  expect(serverCall(() => undefined)).toEqual({ ok: true, value: null });
  expect(
    serverCall(() => {
      throw new AddinError('limit', 'Too big.', { code: 'c', detail: 'd' });
    }),
  ).toEqual({ ok: false, error: { kind: 'limit', message: 'Too big.', code: 'c', detail: 'd' } });
  const when = new Date(0);
  expect(
    serverCall(() => {
      throw new AddinError('blocked', 'B4 is not empty.', { data: { cells: ['B4'], total: 1, skipped: undefined, when } });
    }),
  ).toEqual({
    ok: false,
    error: { kind: 'blocked', message: 'B4 is not empty.', data: { cells: ['B4'], total: 1, when: '1970-01-01T00:00:00.000Z' } },
  });
  expect(
    serverCall(() => {
      throw new Error('Service Spreadsheets failed');
    }),
  ).toEqual({ ok: false, error: { kind: 'host', message: 'Google Sheets reported an error: Service Spreadsheets failed' } });
});
