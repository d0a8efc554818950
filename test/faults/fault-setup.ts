/**
 * One fault-matrix case's world: a rig whose transport and host can be made faulty, a signed-in service, placements whose
 * report changed on the platform since, and how to read the platform's definition, the record and the document back.
 */
import { randomBytes } from 'node:crypto';
import type { GridRange, SpreadsheetHost } from '../../src/core/host';
import type { Transport } from '../../src/core/api/transport';
import type { AddinService, PlacementView } from '../../src/core/service/addin-service';
import { createAddinService } from '../../src/core/service/create-addin-service';
import { AddinError } from '../../src/core/errors/addin-error';
import { paths } from '../../src/core/wire/wire-names';
import { makeRig, type FaultRig, type HostName } from './fault-hosts';
import type { RequestFault } from './fault-table';

export const EDITOR = 'dev-editor-key';
export const VIEWER = 'dev-viewer-key';
export const DEPLOYMENT = '101';
export const sqlOf = (limit: number): string =>
  `SELECT customer_city, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1 LIMIT ${limit}`;
/** The window compared before and after: wider than the old and the new result. */
const WINDOW = { row: 0, col: 0, rows: 14, cols: 4 };

/** The fault applied while `current` is set, and how many requests it has bent (a fault that never struck proves nothing). */
export interface ArmedFault {
  current: RequestFault | null;
  struck: number;
}

/** The rig's transport with the case's fault applied to each request while `fault.current` is set. */
function faultable(base: Transport): { transport: Transport; fault: ArmedFault } {
  const fault: ArmedFault = { current: null, struck: 0 };
  const tallies = new Map<string, number>();
  const tally = (key: string): number => {
    const n = (tallies.get(key) ?? 0) + 1;
    tallies.set(key, n);
    return n;
  };
  const transport: Transport = (request) => {
    const bent = fault.current?.(request, tally);
    if (bent !== undefined) fault.struck++;
    return base(bent ?? request);
  };
  return { transport, fault };
}

/** The host whose writes (writeBlock, and writeBlocks where the host has it) fail once, after `armed.after` more writes. */
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

export interface Setup {
  rig: FaultRig;
  service: AddinService;
  platformUrl: string;
  fault: ArmedFault;
  armed: { after: number | null; busy: boolean };
  /** The placements, side by side on the first sheet, and the window compared for each. */
  placements: PlacementView[];
  windows: GridRange[];
}

export interface SetupOptions {
  /** Placements to insert (default 1). */
  count?: number;
  /** The report's definition after another user's edit on the platform (default: 8 rows instead of 3). */
  nextSql?: string;
}

/** Signs in to `platformUrl`, inserts the placements (3 rows each), then changes their reports on the platform. */
export async function setUp(hostName: HostName, platformUrl: string, options: SetupOptions = {}): Promise<Setup> {
  const rig = makeRig(hostName);
  const { transport, fault } = faultable(rig.transport);
  const { host, armed } = breakableHost(rig.host);
  const service = createAddinService({
    host,
    transport,
    clock: rig.clock,
    random: Math.random,
    randomBytes: (n) => new Uint8Array(randomBytes(n)),
    defaultTenantUrl: platformUrl,
    timezone: 'UTC',
    throwContinueWait: rig.throwContinueWait,
  });
  await service.signIn({ tenantUrl: platformUrl, apiKey: EDITOR, authScheme: 'auto' });
  const env = (await service.listEnvironments(DEPLOYMENT)).find((e) => e.type === 'production');
  if (!env) throw new Error('no production environment');
  await service.setContext({ deploymentId: DEPLOYMENT, environmentId: env.id });
  const sheet = (await rig.host.layout()).sheets[0]!;
  const placements: PlacementView[] = [];
  const windows: GridRange[] = [];
  for (let i = 0; i < (options.count ?? 1); i++) {
    const col = i * WINDOW.cols;
    const draft = {
      name: `Cities ${hostName} ${i}`,
      description: '',
      mode: 'sql' as const,
      sqlQuery: sqlOf(3),
      jsonQuery: null,
      pivotItems: null,
      builderState: null,
    };
    const inserted = await service.insert(
      draft,
      { sheetId: sheet.id, sheetName: sheet.name, row: 0, col, label: `${String.fromCharCode(65 + col)}1` },
      { jobId: `insert-${i}`, overwrite: false },
    );
    const placement = (await service.listPlacements()).find((p) => p.placementId === inserted.placementId)!;
    // The report changes on the platform (another user's edit): the refresh under fault would bring 8 rows instead of 3.
    await platformPut(platformUrl, paths.reportByPublicId(DEPLOYMENT, placement.publicId), {
      name: draft.name,
      sqlQuery: options.nextSql ?? sqlOf(8),
    });
    placements.push(placement);
    windows.push({ sheetId: sheet.id, ...WINDOW, col });
  }
  return { rig, service, platformUrl, fault, armed, placements, windows };
}

async function platformPut(platformUrl: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${platformUrl}${path}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${EDITOR}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PUT ${path}: ${res.status} ${await res.text()}`);
}

/**
 * The report with `publicId` as the platform defines it (what a failed run must never change), found by publicId:
 * a concurrent writer (the upsert-race fault) may have given it a new id with the same content.
 */
export async function definition(platformUrl: string, publicId: string): Promise<unknown> {
  for (let offset = 0; ; offset += 100) {
    const res = await fetch(`${platformUrl}${paths.reports(DEPLOYMENT)}?limit=100&offset=${offset}`, {
      headers: { Authorization: `Bearer ${EDITOR}` },
    });
    if (!res.ok) throw new Error(`GET reports: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { data: { reports: Array<Record<string, unknown>> } };
    const report = page.data.reports.find((r) => r['publicId'] === publicId);
    if (report !== undefined) {
      const { name, description, sqlQuery, jsonQuery, pivotItems } = report;
      return { name, description, sqlQuery, jsonQuery, publicId, pivotItems };
    }
    if (page.data.reports.length < 100) return undefined;
  }
}

/** The placement's record as far as a run may change it only on success. */
export function recordOf(p: PlacementView | undefined): unknown {
  if (p === undefined) return undefined;
  const { placementId, reportId, publicId, name, sheetName, rangeLabel, dataRows, cols, headerRows, refreshedAt } = p;
  return { placementId, reportId, publicId, name, sheetName, rangeLabel, dataRows, cols, headerRows, refreshedAt };
}

export async function records(s: Setup): Promise<unknown[]> {
  const views = await s.service.listPlacements();
  return s.placements.map((p) => recordOf(views.find((v) => v.placementId === p.placementId)));
}

export async function cells(s: Setup): Promise<unknown[]> {
  return s.rig.host.snapshot(s.windows);
}

export async function documentText(host: SpreadsheetHost): Promise<string> {
  return JSON.stringify(await host.documentStore.entries(''));
}

/** Signs the case's service in to its platform with `apiKey`. */
export async function platformSignIn(s: Setup, apiKey: string): Promise<void> {
  await s.service.signIn({ tenantUrl: s.platformUrl, apiKey, authScheme: 'auto' });
}
