/**
 * The ribbon's Refresh all: event.completed() on every path, the pane shown when some placement failed.
 * It runs through the associated function.
 */
import { AddinError } from '../../src/core/errors/addin-error';
import type { RefreshAllSummary } from '../../src/core/service/addin-service';
import { refreshAllCommand, type RefreshAllCommandDeps } from '../../src/excel/refresh-all-command';
import { useInstalledFake } from './helpers/installed-fake';

const fake = useInstalledFake();

function summary(failed: number): RefreshAllSummary {
  return { total: 2, done: 2 - failed, failed, stopped: 0, items: [] };
}

function deps(over: Partial<RefreshAllCommandDeps> & { refreshed?: string[][] } = {}): RefreshAllCommandDeps {
  return {
    service: async () => ({
      listPlacements: async () =>
        [
          { placementId: 'a', rangeLabel: 'Sheet1!A1:B2' },
          { placementId: 'gone', rangeLabel: null },
          { placementId: 'b', rangeLabel: 'Sheet1!D1:E2' },
        ] as never,
      refreshAll: async (ids: string[]) => {
        over.refreshed?.push(ids);
        return summary(0);
      },
    }),
    newJobId: () => 'job-1',
    showPane: () => Office.addin.showAsTaskpane(),
    log: () => undefined,
    ...over,
  };
}

it('refreshes every placement that still has cells, completes once and leaves the pane closed on success', async () => {
  const refreshed: string[][] = [];
  Office.actions.associate('refreshAll', refreshAllCommand(deps({ refreshed })));
  const run = await fake().invokeCommand('refreshAll');
  expect(run.completedCalls).toBe(1);
  expect(refreshed).toEqual([['a', 'b']]);
  expect(run.returned).toEqual({ kind: 'done', summary: summary(0) });
  expect(fake().pane.shows).toBe(0);
});

it('opens the pane on the failures when some placement failed or the service could not start, and still completes', async () => {
  const partly = deps();
  const service = await partly.service();
  Office.actions.associate(
    'refreshAll',
    refreshAllCommand({ ...partly, service: async () => ({ ...service, refreshAll: async () => summary(1) }) }),
  );
  expect((await fake().invokeCommand('refreshAll')).completedCalls).toBe(1);
  expect(fake().pane.shows).toBe(1);

  const noService = refreshAllCommand(deps({ service: () => Promise.reject(new AddinError('host', 'old Excel')) }));
  Office.actions.associate('refreshAll', noService);
  const run = await fake().invokeCommand('refreshAll');
  expect(run.completedCalls).toBe(1);
  expect(run.returned).toMatchObject({ kind: 'failed', error: { message: 'old Excel' } });
  expect(fake().pane.shows).toBe(2);
});

it('completes even when showing the pane fails too, and does nothing without placements', async () => {
  const logged: string[] = [];
  const cmd = refreshAllCommand(
    deps({
      service: () => Promise.reject(new Error('x')),
      showPane: () => Promise.reject(new Error('no pane')),
      log: (m) => void logged.push(m),
    }),
  );
  Office.actions.associate('refreshAll', cmd);
  expect((await fake().invokeCommand('refreshAll')).completedCalls).toBe(1);
  expect(logged).toContain('Refresh all could not open the pane to show its failures.');
  const empty = refreshAllCommand(
    deps({ service: async () => ({ listPlacements: async () => [], refreshAll: () => Promise.reject(new Error('unused')) }) }),
  );
  Office.actions.associate('refreshAll', empty);
  expect((await fake().invokeCommand('refreshAll')).returned).toEqual({ kind: 'nothing' });
});

it('commands.ts associates refreshAll in the runtime and completes the event when the pane could not start', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await jest.isolateModulesAsync(async () => {
    await import('../../src/excel/commands');
    const { failService } = await import('../../src/excel/runtime-service');
    failService(new AddinError('host', 'This version of Excel lacks SharedRuntime 1.1'));
    const run = await fake().invokeCommand('refreshAll');
    expect(run.completedCalls).toBe(1);
    expect(run.returned).toMatchObject({ kind: 'failed' });
  });
  expect(warn).toHaveBeenCalledWith('Refresh all did not refresh every report.', expect.objectContaining({ kind: 'failed' }));
  warn.mockRestore();
});
