/** A Sheets scenario's per-test world: fake environment, sidebar client and the steps every scenario file takes (sign in, insert, read cells). */
import type { ReportDraft } from '../../../src/core/service/addin-service';
import { serverClient, type ServerClient } from '../../../appsscript/sidebar/server-client';
import { createFakeEnvironment, type FakeEnvironment } from '../fakes/environment';
import type { BuiltServer } from './built-server';
import { scriptRunBridge } from './script-run-bridge';

/** The API key the scenarios sign in with; it must never reach the document. */
export const EDITOR_KEY = 'dev-editor-key';

export interface SheetsScenario {
  /** The test's fake environment (set in the file's beforeEach). */
  readonly env: FakeEnvironment;
  /** The sidebar's client over google.script.run. */
  readonly client: ServerClient;
  jobId(): string;
  signedIn(): Promise<void>;
  insertAt(row: number, col: number, draft: ReportDraft, sheetIndex?: number): ReturnType<typeof insertVia>;
  /** Values of a block (0-based row and column), as the sheet holds them. */
  cells(row: number, col: number, rows: number, cols: number, sheetIndex?: number): unknown[][];
  /** The key is in user properties and nowhere in the document: properties, named ranges or cells. */
  expectNoKeyInDocument(): void;
}

/** Inserts `draft` with its top-left at (row, col) of a sheet, as the sidebar's Insert does. */
function insertVia(
  client: ServerClient,
  env: FakeEnvironment,
  jobId: string,
  row: number,
  col: number,
  draft: ReportDraft,
  sheetIndex: number,
) {
  const sheet = env.book.sheets[sheetIndex]!;
  const target = { sheetId: String(sheet.sheetId), sheetName: sheet.name, row, col, label: `${sheet.name}!R${row + 1}C${col + 1}` };
  return client.call('insert', { draft, target, jobId, overwrite: false });
}

/** Registers a fresh environment and client for each test of the file (fetches cost `fetchCostMs` on the fake clock). */
export function useSheetsScenario(server: BuiltServer, fetchCostMs = 200): SheetsScenario {
  let env: FakeEnvironment | undefined;
  let client: ServerClient | undefined;
  let jobs = 0;
  beforeEach(() => {
    env = createFakeEnvironment({ fetchCostMs });
    client = serverClient(scriptRunBridge(env, server.code).run, { sleep: async () => undefined });
  });
  afterEach(() => env?.close());
  const scenario: SheetsScenario = {
    get env() {
      if (!env) throw new Error('the scenario runs inside a test');
      return env;
    },
    get client() {
      if (!client) throw new Error('the scenario runs inside a test');
      return client;
    },
    jobId: () => `job_${String((jobs += 1)).padStart(16, '0')}`,
    async signedIn() {
      await scenario.client
        .call('signIn', { tenantUrl: server.platform.url, apiKey: EDITOR_KEY, authScheme: 'auto' })
        .catch((e: { detail?: string }) => {
          throw new Error(String(e.detail));
        });
      const environments = await scenario.client.call('listEnvironments', { deploymentId: '101' });
      const production = environments.find((e) => e.type === 'production');
      if (!production) throw new Error('no production environment');
      await scenario.client.call('setContext', { deploymentId: '101', environmentId: production.id });
    },
    insertAt: (row, col, draft, sheetIndex = 0) => insertVia(scenario.client, scenario.env, scenario.jobId(), row, col, draft, sheetIndex),
    cells: (row, col, rows, cols, sheetIndex = 0) =>
      scenario.env.book.sheets[sheetIndex]!.getRange(row + 1, col + 1, rows, cols).getValues(),
    expectNoKeyInDocument() {
      const { env: e } = scenario;
      expect(JSON.stringify([...e.stores.document.data])).not.toContain(EDITOR_KEY);
      expect(JSON.stringify([...e.book.namedRanges.keys()])).not.toContain(EDITOR_KEY);
      for (const sheet of e.book.sheets) for (const cell of sheet.cells.values()) expect(JSON.stringify(cell)).not.toContain(EDITOR_KEY);
      expect(JSON.stringify([...e.stores.user.data.values()])).toContain(EDITOR_KEY);
    },
  };
  return scenario;
}
