/** The ribbon's Refresh all: event.completed() on every path, the run handed to the pane, the pane shown on failures and orphans. */
import { AddinError } from '../../src/core/errors/addin-error';
import type { RefreshAllSummary } from '../../src/core/service/addin-service';
import { ORPHANED_ITEM, refreshAllCommand, type RefreshAllCommandDeps } from '../../src/excel/refresh-all-command';
import type { OutsideRefreshAll } from '../../src/ui/refresh-all-feed';
import { useInstalledFake } from './helpers/installed-fake';

const fake = useInstalledFake();

function summary(failed: number): RefreshAllSummary {
  return { total: 2, done: 2 - failed, failed, stopped: 0, skipped: 0, items: [] };
}

const A = { placementId: 'a', rangeLabel: 'Sheet1!A1:B2' };
const GONE = { placementId: 'gone', rangeLabel: null };
const B = { placementId: 'b', rangeLabel: 'Sheet1!D1:E2' };

interface DepsOptions extends Partial<RefreshAllCommandDeps> {
  refreshed?: string[][];
  announced?: OutsideRefreshAll[];
  /** The workbook's placements; an orphaned one (its cells deleted) has no range. */
  placements?: Array<{ placementId: string; rangeLabel: string | null }>;
}

function deps(over: DepsOptions = {}): RefreshAllCommandDeps {
  const { refreshed, announced, placements = [A, B], ...rest } = over;
  return {
    service: async () => ({
      listPlacements: async () => placements as never,
      refreshAll: async (ids: string[]) => {
        refreshed?.push(ids);
        return summary(0);
      },
    }),
    newJobId: () => 'job-1',
    showPane: () => Office.addin.showAsTaskpane(),
    announce: (run) => announced?.push(run),
    log: () => undefined,
    ...rest,
  };
}

it('refreshes every placement that still has cells, completes once and leaves the pane closed on success', async () => {
  const refreshed: string[][] = [];
  const announced: OutsideRefreshAll[] = [];
  Office.actions.associate('refreshAll', refreshAllCommand(deps({ refreshed, announced })));
  const run = await fake().invokeCommand('refreshAll');
  expect(run.completedCalls).toBe(1);
  expect(refreshed).toEqual([['a', 'b']]);
  expect(run.returned).toEqual({ kind: 'done', summary: summary(0) });
  expect(fake().pane.shows).toBe(0);
  // The pane is handed the run as it starts (to show whenever it is or becomes visible) and its summary.
  expect(announced.map((r) => [r.jobId, r.placementIds, r.settled])).toEqual([['job-1', ['a', 'b'], []]]);
  await expect(announced[0]!.summary).resolves.toEqual(summary(0));
});

it('counts an orphaned placement (its cells deleted) as failed, says why, and opens the pane on it', async () => {
  const refreshed: string[][] = [];
  const announced: OutsideRefreshAll[] = [];
  const service = async () => ({
    listPlacements: async () => [A, GONE, B] as never,
    refreshAll: async (ids: string[]): Promise<RefreshAllSummary> => {
      refreshed.push(ids);
      return {
        total: 2,
        done: 2,
        failed: 0,
        stopped: 0,
        skipped: 0,
        items: ids.map((placementId) => ({ placementId, item: { state: 'done', dataRows: 1, cols: 2 } })),
      };
    },
  });
  Office.actions.associate('refreshAll', refreshAllCommand(deps({ service, announced })));
  const run = await fake().invokeCommand('refreshAll');
  expect(run.completedCalls).toBe(1);
  expect(refreshed).toEqual([['a', 'b']]);
  const expected: RefreshAllSummary = {
    total: 3,
    done: 2,
    failed: 1,
    stopped: 0,
    skipped: 0,
    items: [
      { placementId: 'a', item: { state: 'done', dataRows: 1, cols: 2 } },
      { placementId: 'gone', item: ORPHANED_ITEM },
      { placementId: 'b', item: { state: 'done', dataRows: 1, cols: 2 } },
    ],
  };
  expect(run.returned).toEqual({ kind: 'done', summary: expected });
  expect(ORPHANED_ITEM).toMatchObject({ state: 'failed', message: expect.stringMatching(/cells were deleted/) });
  expect(fake().pane.shows).toBe(1);
  expect(announced[0]!.placementIds).toEqual(['a', 'gone', 'b']);
  expect(announced[0]!.settled).toEqual([{ placementId: 'gone', item: ORPHANED_ITEM }]);
  await expect(announced[0]!.summary).resolves.toEqual(expected);

  // Only orphans: nothing to refresh, and still a failed run the pane opens on.
  const onlyGone = refreshAllCommand(
    deps({
      placements: [GONE],
      refreshed,
      service: async () => ({ listPlacements: async () => [GONE] as never, refreshAll: () => Promise.reject(new Error('unused')) }),
    }),
  );
  Office.actions.associate('refreshAll', onlyGone);
  expect((await fake().invokeCommand('refreshAll')).returned).toMatchObject({ kind: 'done', summary: { total: 1, done: 0, failed: 1 } });
  expect(fake().pane.shows).toBe(2);
});

it('hands a failure before any run began (no service) to the pane as the error of its run', async () => {
  const announced: OutsideRefreshAll[] = [];
  Office.actions.associate(
    'refreshAll',
    refreshAllCommand(deps({ announced, service: () => Promise.reject(new AddinError('host', 'old Excel')) })),
  );
  expect((await fake().invokeCommand('refreshAll')).completedCalls).toBe(1);
  expect(announced).toHaveLength(1);
  expect(announced[0]!.placementIds).toEqual([]);
  await expect(announced[0]!.summary).rejects.toMatchObject({ message: 'old Excel' });
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
    const { ribbonRuns } = await import('../../src/excel/ribbon-runs');
    const fed: OutsideRefreshAll[] = [];
    ribbonRuns.subscribe((r) => void fed.push(r));
    failService(new AddinError('host', 'This version of Excel lacks SharedRuntime 1.1'));
    const run = await fake().invokeCommand('refreshAll');
    expect(run.completedCalls).toBe(1);
    expect(run.returned).toMatchObject({ kind: 'failed' });
    // commands.ts hands its runs to the pane's feed: here, why it could not run.
    expect(fed).toHaveLength(1);
    await expect(fed[0]!.summary).rejects.toThrow(/lacks SharedRuntime/);
  });
  expect(warn).toHaveBeenCalledWith('Refresh all did not refresh every report.', expect.objectContaining({ kind: 'failed' }));
  warn.mockRestore();
});

it('hands a run that fails as a whole to the pane once: its summary rejects with the failure', async () => {
  const announced: OutsideRefreshAll[] = [];
  const service = async () => ({
    listPlacements: async () => [A, B] as never,
    refreshAll: () => Promise.reject(new AddinError('network', 'The platform could not be reached.')),
  });
  Office.actions.associate('refreshAll', refreshAllCommand(deps({ service, announced })));
  const run = await fake().invokeCommand('refreshAll');
  expect(run.returned).toMatchObject({ kind: 'failed', error: { kind: 'network' } });
  expect(announced.map((r) => r.placementIds)).toEqual([['a', 'b']]);
  await expect(announced[0]!.summary).rejects.toMatchObject({ kind: 'network' });
});
