/**
 * The fault matrix: every fault of fault-table.ts on every host (memory, Excel fake, Sheets fake) against the local
 * platform in a child process with --faults. After each, the placement holds its last good result or the new one, never
 * a mixture; a failure leaves cells (values, formats, bold), the record and the platform's definition as they were, says
 * what happened, and no secret is in the document. `npm run test:faults` prints the matrix as a table.
 */
import { randomBytes } from 'node:crypto';
import type { GridRange, SpreadsheetHost } from '../../src/core/host';
import type { Transport } from '../../src/core/api/transport';
import type { AddinService, PlacementView } from '../../src/core/service/addin-service';
import { createAddinService } from '../../src/core/service/create-addin-service';
import { AddinError, isAddinError } from '../../src/core/errors/addin-error';
import { paths } from '../../src/core/wire/wire-names';
import { startPlatformProcess, type PlatformProcess } from '../appsscript/helpers/platform-process';
import { HOST_NAMES, makeRig, type FaultRig, type HostName } from './fault-hosts';
import { FAULT_CASES, type FaultCase, type RequestFault } from './fault-table';

const EDITOR = 'dev-editor-key';
const VIEWER = 'dev-viewer-key';
const DEPLOYMENT = '101';
const sqlOf = (limit: number): string => `SELECT customer_city, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1 LIMIT ${limit}`;
/** The window compared before and after: wider than the old and the new result. */
const WINDOW = { row: 0, col: 0, rows: 14, cols: 4 };

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

/** The rig's transport with the case's fault applied to each request while `fault.current` is set. */
function faultable(base: Transport): {
  transport: Transport;
  fault: { current: RequestFault | null };
  counts: { query: number; control: number };
} {
  const fault: { current: RequestFault | null } = { current: null };
  const counts = { query: 0, control: 0 };
  const transport: Transport = (request) => {
    const f = fault.current;
    if (f === null) return base(request);
    if (request.url.includes('/sql')) counts.query++;
    else counts.control++;
    return base(f(request, counts) ?? request);
  };
  return { transport, fault, counts };
}

/** The host whose writes (writeBlock, and writeBlocks where the host has it) fail once, after `armed.after` more writes have gone through. */
function breakableHost(host: SpreadsheetHost): { host: SpreadsheetHost; armed: { after: number | null; busy: boolean } } {
  const armed: { after: number | null; busy: boolean } = { after: null, busy: false };
  const wrapped = new Proxy(host, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if ((prop === 'writeBlock' || prop === 'writeBlocks') && typeof value === 'function') {
        return async (...args: unknown[]) => {
          if (armed.after !== null) {
            if (armed.after === 0) {
              if (armed.busy)
                throw new AddinError('hostBusy', 'The spreadsheet is busy: a cell is being edited. Leave the cell, then try again.');
              armed.after = null;
              // As an adapter reports a refused write: typed, in the user's words.
              throw new AddinError('host', 'The spreadsheet refused to write the cells (simulated failure halfway). Try again.');
            }
            armed.after--;
          }
          return (value as (...a: unknown[]) => Promise<void>).apply(target, args);
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { host: wrapped, armed };
}

interface Setup {
  rig: FaultRig;
  service: AddinService;
  fault: { current: RequestFault | null };
  armed: { after: number | null; busy: boolean };
  window: GridRange;
  placement: PlacementView;
}

async function setUp(hostName: HostName): Promise<Setup> {
  const rig = makeRig(hostName);
  const { transport, fault } = faultable(rig.transport);
  const { host, armed } = breakableHost(rig.host);
  const service = createAddinService({
    host,
    transport,
    clock: rig.clock,
    random: Math.random,
    randomBytes: (n) => new Uint8Array(randomBytes(n)),
    defaultTenantUrl: platform.url,
    timezone: 'UTC',
    throwContinueWait: rig.throwContinueWait,
  });
  await service.signIn({ tenantUrl: platform.url, apiKey: EDITOR, authScheme: 'auto' });
  const env = (await service.listEnvironments(DEPLOYMENT)).find((e) => e.type === 'production');
  if (!env) throw new Error('no production environment');
  await service.setContext({ deploymentId: DEPLOYMENT, environmentId: env.id });
  const sheet = (await rig.host.layout()).sheets[0]!;
  const draft = {
    name: `Cities ${hostName}`,
    description: '',
    mode: 'sql' as const,
    sqlQuery: sqlOf(3),
    jsonQuery: null,
    pivotItems: null,
    builderState: null,
  };
  const inserted = await service.insert(
    draft,
    { sheetId: sheet.id, sheetName: sheet.name, row: 0, col: 0, label: 'A1' },
    { jobId: 'insert', overwrite: false },
  );
  const placement = (await service.listPlacements()).find((p) => p.placementId === inserted.placementId)!;
  // The report changes on the platform (another user's edit): the refresh under fault would bring 8 rows instead of 3.
  await platformPut(paths.reportByPublicId(DEPLOYMENT, placement.publicId), { name: draft.name, sqlQuery: sqlOf(8) });
  return { rig, service, fault, armed, window: { sheetId: sheet.id, ...WINDOW }, placement };
}

async function platformPut(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${platform.url}${path}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${EDITOR}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PUT ${path}: ${res.status} ${await res.text()}`);
}

/** The report as the platform defines it (what a refresh must never change). */
async function definition(reportId: number): Promise<unknown> {
  const res = await fetch(`${platform.url}${paths.reportById(DEPLOYMENT, reportId)}`, { headers: { Authorization: `Bearer ${EDITOR}` } });
  const report = (await res.json()) as Record<string, unknown>;
  const { name, description, sqlQuery, jsonQuery, publicId, pivotItems } = report;
  return { name, description, sqlQuery, jsonQuery, publicId, pivotItems };
}

/** The placement's record as far as a refresh may change it only on success. */
function recordOf(p: PlacementView | undefined): unknown {
  if (p === undefined) return undefined;
  const { placementId, reportId, publicId, name, sheetName, rangeLabel, dataRows, cols, headerRows, refreshedAt } = p;
  return { placementId, reportId, publicId, name, sheetName, rangeLabel, dataRows, cols, headerRows, refreshedAt };
}

async function documentText(host: SpreadsheetHost): Promise<string> {
  return JSON.stringify(await host.documentStore.entries(''));
}

async function runCase(c: FaultCase, hostName: HostName): Promise<string> {
  const s = await setUp(hostName);
  try {
    const { service, rig, window, placement } = s;
    const [cellsBefore] = await rig.host.snapshot([window]);
    const recordBefore = recordOf(placement);
    const definitionBefore = await definition(placement.reportId);

    s.fault.current = c.fault ?? null;
    if (c.failWriteAfter !== undefined) s.armed.after = c.failWriteAfter;
    s.armed.busy = c.hostError === 'busy';
    const errors: unknown[] = [];
    let succeeded = 0;
    const refresh = (jobId: string) =>
      service.refresh(placement.placementId, { jobId }).then(
        () => void succeeded++,
        (e: unknown) => void errors.push(e),
      );
    if (c.drive === 'refresh') await refresh('fault-1');
    else if (c.drive === 'twoAtOnce') await Promise.all([refresh('fault-1'), refresh('fault-2')]);
    else if (c.drive === 'update' || c.drive === 'updateAsViewer') {
      if (c.drive === 'updateAsViewer') await service.signIn({ tenantUrl: platform.url, apiKey: VIEWER, authScheme: 'auto' });
      const draft = { ...(await service.loadDraft(placement.placementId)), sqlQuery: sqlOf(5) };
      await service.update(placement.placementId, draft, { jobId: 'fault-1' }).then(
        () => void succeeded++,
        (e: unknown) => void errors.push(e),
      );
      if (c.drive === 'updateAsViewer') await service.signIn({ tenantUrl: platform.url, apiKey: EDITOR, authScheme: 'auto' });
    } else {
      const running = refresh('fault-1');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await service.cancel('fault-1');
      await running;
    }
    s.fault.current = null;
    s.armed.after = null;
    s.armed.busy = false;

    const [cellsAfter] = await rig.host.snapshot([window]);
    const recordAfter = recordOf((await service.listPlacements()).find((p) => p.placementId === placement.placementId));
    const doc = await documentText(rig.host);
    expect(doc).not.toContain(EDITOR);
    expect(JSON.stringify(cellsAfter)).not.toContain(EDITOR);
    const definitionAfter = await definition(placement.reportId);

    // A clean refresh gives the new result: the state after the fault is exactly the old one or exactly this.
    await service.refresh(placement.placementId, { jobId: 'clean' });
    const [cellsNew] = await rig.host.snapshot([window]);
    expect(cellsNew).not.toEqual(cellsBefore);
    const failed = succeeded === 0;
    if (failed || c.drive !== 'update') expect(definitionAfter).toEqual(definitionBefore);
    if (failed) {
      expect(c.expect).not.toBe('ok');
      expect(cellsAfter).toEqual(cellsBefore);
      expect(recordAfter).toEqual(recordBefore);
      const first = errors[0];
      expect(isAddinError(first)).toBe(true);
      const message = isAddinError(first) ? first.message : String(first);
      expect(message).toMatch(c.message ?? /.+/);
      return `failed: ${isAddinError(first) ? first.kind : 'error'}`;
    }
    expect(c.expect).not.toBe('failed');
    expect(cellsAfter).toEqual(cellsNew);
    return errors.length === 0 ? 'ok' : `ok + ${errors.length} refused`;
  } finally {
    await s.rig.dispose();
  }
}

describe.each(HOST_NAMES)('on %s', (hostName) => {
  it.each(FAULT_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const outcome = await runCase(c, hostName);
    outcomes.set(`${c.name}|${hostName}`, outcome);
  });
});
