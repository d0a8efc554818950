/**
 * The fault matrix: every fault of fault-table.ts on every host (memory, Excel fake, Sheets fake) against the local
 * platform in a child process with --faults. After each, every placement holds its last good result or the new one,
 * never a mixture; a failure leaves cells (values, formats, bold), the record and the platform's definition as they were,
 * says what happened, and no secret is in the document. `npm run test:faults` prints the matrix as a table.
 */
import { isAddinError } from '../../src/core/errors/addin-error';
import { startPlatformProcess, type PlatformProcess } from '../appsscript/helpers/platform-process';
import { drive, runClean, type DriveResult } from './fault-drivers';
import { HOST_NAMES, type HostName } from './fault-hosts';
import { EDITOR, cells, definition, documentText, records, setUp, type Setup } from './fault-setup';
import { FAULT_CASES, isQuery, type FaultCase, type RequestFault } from './fault-table';
import { startKillRelay, type KillRelay } from './kill-relay';

/** The result the killed platform was streaming: 200,000 rows (about 10 MB), far more than one socket buffer holds. */
/** Placements of the Refresh all case: more than its concurrency (3), so some have not started when the first is done. */
const REFRESH_ALL_COUNT = 5;

const LARGE_SQL = "SELECT range AS n, repeat('x', 40) AS pad FROM range(200000) LIMIT 200000";

let platform: PlatformProcess;
beforeAll(async () => {
  platform = await startPlatformProcess(['--faults']);
});
afterAll(async () => {
  await platform.close();
  printMatrix();
});

const outcomes = new Map<string, string>();

function printMatrix(): void {
  if (outcomes.size === 0) return;
  const rows = FAULT_CASES.map((c) => [c.name, ...HOST_NAMES.map((h) => outcomes.get(`${c.name}|${h}`) ?? '-')]);
  const head = ['fault', ...HOST_NAMES];
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]): string => `| ${r.map((x, i) => x.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const lines = [fmt(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(fmt)];
  process.stdout.write(`\nFault matrix (outcome per host; every cell also holds the invariants):\n${lines.join('\n')}\n`);
}

/** A platform child process of the case's own behind a relay that kills it mid-write, and the fault sending the query there. */
async function killablePlatform(): Promise<{ platform: PlatformProcess; relay: KillRelay; fault: RequestFault }> {
  const own = await startPlatformProcess();
  const relay = await startKillRelay(own.url, own.pid);
  const fault: RequestFault = (r) => (isQuery(r) ? { ...r, url: r.url.replace(own.url, relay.url) } : undefined);
  return { platform: own, relay, fault };
}

/** The user deletes the first placement's sheet (after adding another) or exactly the rows holding its cells. */
async function deleteArea(s: Setup, what: 'sheet' | 'rows'): Promise<void> {
  const window = s.windows[0]!;
  const placement = s.placements[0]!;
  if (what === 'sheet') {
    const other = await s.rig.edits.addSheet('Other');
    await s.rig.edits.deleteSheet(window.sheetId);
    // Nothing may be written elsewhere: the same cells on the sheet that is left are compared.
    s.windows[0] = { ...window, sheetId: other.id };
  } else {
    await s.rig.edits.deleteRows(window.sheetId, 0, placement.headerRows + placement.dataRows);
  }
}

function refreshAllOutcome(result: DriveResult): string {
  const summary = result.summary!;
  expect(summary.items.map(({ item }) => item.state).filter((state) => state !== 'done' && state !== 'stopped')).toEqual([]);
  expect(summary.done).toBeGreaterThanOrEqual(1);
  expect(summary.stopped).toBeGreaterThanOrEqual(1);
  return `stopped: ${summary.done} done, ${summary.stopped} stopped`;
}

async function runCase(c: FaultCase, hostName: HostName): Promise<string> {
  const killable = c.killPlatform === true ? await killablePlatform() : null;
  const s = await setUp(hostName, killable?.platform.url ?? platform.url, {
    count: c.drive === 'refreshAllStop' ? REFRESH_ALL_COUNT : 1,
    ...(killable === null ? {} : { nextSql: LARGE_SQL }),
  });
  try {
    if (c.deleteArea !== undefined) await deleteArea(s, c.deleteArea);
    const cellsBefore = await cells(s);
    const recordsBefore = await records(s);
    const definitionsBefore = await Promise.all(s.placements.map((p) => definition(s.platformUrl, p.publicId)));

    s.fault.current = killable?.fault ?? c.fault ?? null;
    if (c.failWriteAfter !== undefined) s.armed.after = c.failWriteAfter;
    s.armed.busy = c.hostError === 'busy';
    const result = await drive(c, s);
    s.fault.current = null;
    if (c.fault !== undefined || killable !== null) expect(s.fault.struck).toBeGreaterThan(0);
    s.armed.after = null;
    s.armed.busy = false;
    if (killable !== null) await killable.relay.killed;

    const cellsAfter = await cells(s);
    const recordsAfter = await records(s);
    const doc = await documentText(s.rig.host);
    expect(doc).not.toContain(EDITOR);
    expect(JSON.stringify(cellsAfter)).not.toContain(EDITOR);
    // A killed platform has nothing left to ask: its definition went with it, and no clean run can follow.
    if (killable === null) {
      const definitionsAfter = await Promise.all(s.placements.map((p) => definition(s.platformUrl, p.publicId)));
      s.placements.forEach((_, i) => {
        if (!result.changed[i] || c.drive !== 'update') expect(definitionsAfter[i]).toEqual(definitionsBefore[i]);
      });
    }
    s.placements.forEach((_, i) => {
      if (result.changed[i]) return;
      expect(cellsAfter[i]).toEqual(cellsBefore[i]);
      expect(recordsAfter[i]).toEqual(recordsBefore[i]);
    });

    if (c.deleteArea !== undefined) {
      // The area stays deleted: the next refresh fails the same way and still writes nothing anywhere.
      await expect(runClean(c, s, result)).rejects.toThrow(c.message ?? /.+/);
      expect(await cells(s)).toEqual(cellsBefore);
      expect(await records(s)).toEqual(recordsBefore);
    } else if (killable === null && c.cleanRun !== false) {
      // A clean run gives the new result: the state after the fault is exactly the old one or exactly this.
      await runClean(c, s, result);
      const cellsNew = await cells(s);
      s.placements.forEach((_, i) => {
        expect(cellsNew[i]).not.toEqual(cellsBefore[i]);
        if (result.changed[i]) expect(cellsAfter[i]).toEqual(cellsNew[i]);
      });
    }

    if (c.drive === 'refreshAllStop') return refreshAllOutcome(result);
    if (!result.changed[0]) {
      expect(c.expect).not.toBe('ok');
      const first = result.errors[0];
      expect(isAddinError(first)).toBe(true);
      const message = isAddinError(first) ? first.message : String(first);
      expect(message).toMatch(c.message ?? /.+/);
      return `failed: ${isAddinError(first) ? first.kind : 'error'}`;
    }
    expect(c.expect).not.toBe('failed');
    return result.errors.length === 0 ? 'ok' : `ok + ${result.errors.length} refused`;
  } finally {
    await s.rig.dispose();
    if (killable !== null) {
      await killable.relay.close();
      await killable.platform.close();
    }
  }
}

describe.each(HOST_NAMES)('on %s', (hostName) => {
  it.each(FAULT_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const outcome = await runCase(c, hostName);
    outcomes.set(`${c.name}|${hostName}`, outcome);
  });
});
