/** An in-memory AddinService for pane tests: canned data, recorded calls, and overridable behaviour per method. */
import type { CellsEdited } from '../../src/core/service/cells-edited';
import { AddinError } from '../../src/core/errors/addin-error';
import type { Deployment, Environment, Meta } from '../../src/core/wire/schemas';
import type { ParameterBindingInput } from '../../src/core/params/parameter-binding';
import type { SuggestValuesRequest, ValueSuggestions } from '../../src/core/service/value-suggestions';
import type { PreviewTable } from '../../src/core/service/preview-table';
import type {
  JobStatus,
  AddinService,
  BoundCellValue,
  CellTarget,
  ContextChange,
  GrowthSetting,
  InsertOptions,
  MoveOptions,
  MoveTarget,
  PlaceOptions,
  PlacementView,
  RefreshAllSummary,
  ReportDraft,
  RunOutcome,
  ServiceEvent,
  SessionState,
  SignInInput,
  WorkbookContext,
} from '../../src/core/service/addin-service';

type RefreshOptions = Parameters<AddinService['refresh']>[1];
type RefreshAllOptions = Parameters<AddinService['refreshAll']>[1];

export interface RecordedCall {
  method: keyof AddinService;
  args: unknown[];
}

/** A promise with its resolve/reject exposed, to hold a call open while a test looks at the pane. */
export interface Gate<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function gate<T>(): Gate<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const sampleMeta: Meta = {
  cubes: [
    {
      name: 'orders',
      type: 'view',
      title: 'Orders',
      measures: [
        { name: 'orders.count', title: 'Orders Count', shortTitle: 'Count', type: 'number', aggType: 'count' },
        { name: 'orders.total_amount', title: 'Orders Total amount', shortTitle: 'Total amount', type: 'number', aggType: 'sum' },
      ],
      dimensions: [
        { name: 'orders.status', title: 'Orders Status', shortTitle: 'Status', type: 'string' },
        { name: 'orders.created_at', title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
        { name: 'orders.city', title: 'Orders City', shortTitle: 'City', type: 'string' },
      ],
      segments: [],
    },
    {
      name: 'customers',
      type: 'view',
      title: 'Customers',
      measures: [{ name: 'customers.count', title: 'Customers Count', shortTitle: 'Count', type: 'number', aggType: 'count' }],
      dimensions: [{ name: 'customers.country', title: 'Customers Country', shortTitle: 'Country', type: 'string' }],
      segments: [],
    },
  ],
};

export function samplePlacement(overrides: Partial<PlacementView> = {}): PlacementView {
  return {
    placementId: 'p1',
    reportId: 1,
    publicId: 'AAAAAAAAAAA1',
    name: 'Orders by status',
    sheetName: 'Sheet1',
    rangeLabel: 'Sheet1!B2:D20',
    dataRows: 18,
    cols: 3,
    headerRows: 1,
    refreshedAt: null,
    status: 'upToDate',
    statusCheckedAt: null,
    lastError: null,
    canEdit: true,
    ...overrides,
  };
}

export class FakeAddinService implements AddinService {
  readonly calls: RecordedCall[] = [];
  session: SessionState = { signedIn: false, tenantUrl: null, authScheme: 'auto', defaultTenantUrl: 'http://localhost:4000' };
  /** Accepted API key for the default signIn behaviour. */
  validKey = 'good-key';
  deployments: Deployment[] = [{ id: '1', name: 'Shop analytics', deploymentUrl: 'http://localhost:4000/q/1' }];
  environments: Record<string, Environment[]> = {
    '1': [
      { id: '10', name: 'Production', type: 'production', api_credentials: { rest: { url: 'http://localhost:4000/rest/10' } } },
      { id: '11', name: 'Staging', type: 'staging', api_credentials: { rest: { url: 'http://localhost:4000/rest/11' } } },
    ],
  };
  context: WorkbookContext = { deploymentId: null, environmentId: null };
  meta: Meta = sampleMeta;
  cell: CellTarget = { sheetId: 's1', sheetName: 'Sheet1', row: 1, col: 1, label: 'Sheet1!B2' };
  placements: PlacementView[] = [];
  drafts: Record<string, ReportDraft> = {};

  /** Overridable behaviour; the defaults succeed. */
  insertImpl: (draft: ReportDraft, target: CellTarget, options: InsertOptions) => Promise<RunOutcome> = async (_draft, target) => ({
    placementId: 'new',
    dataRows: 120,
    cols: 3,
    headerRows: 1,
    rangeLabel: `${target.label}:D122`,
    elapsedMs: 1200,
  });
  refreshImpl: (placementId: string, options: RefreshOptions) => Promise<RunOutcome> = async (placementId) => ({
    placementId,
    dataRows: 10,
    cols: 3,
    headerRows: 1,
    rangeLabel: 'Sheet1!B2:D12',
    elapsedMs: 50,
  });
  refreshAllImpl: (placementIds: string[], options: RefreshAllOptions) => Promise<RefreshAllSummary> = async (ids) => ({
    total: ids.length,
    done: ids.length,
    failed: 0,
    stopped: 0,
    skipped: 0,
    items: ids.map((placementId) => ({ placementId, item: { state: 'done', dataRows: 1, cols: 1 } })),
  });
  updateImpl: (placementId: string, draft: ReportDraft, options: { jobId: string }) => Promise<RunOutcome> = async (placementId) => ({
    placementId,
    dataRows: 5,
    cols: 2,
    headerRows: 1,
    rangeLabel: 'Sheet1!B2:C7',
    elapsedMs: 30,
  });
  getMetaImpl: () => Promise<Meta> = async () => this.meta;
  /** Suggested values by member; a member not listed takes none. */
  suggestions: Record<string, string[]> = {};
  suggestValuesImpl: (request: SuggestValuesRequest) => Promise<ValueSuggestions> = async (request) => {
    const known = this.suggestions[request.member];
    if (known === undefined) return { offered: false, values: [] };
    const search = request.search.trim().toLowerCase();
    return { offered: true, values: known.filter((v) => v.toLowerCase().includes(search)).map((value) => ({ value, count: null })) };
  };
  previewImpl: (draft: ReportDraft) => Promise<PreviewTable> = async () => ({
    headerRows: 1,
    values: [
      ['Status', 'Count'],
      ['completed', 12],
    ],
    formats: [
      [null, null],
      [null, '0'],
    ],
    texts: [
      ['Status', 'Count'],
      ['completed', '12'],
    ],
    bold: [
      [true, true],
      [false, false],
    ],
    rows: 1,
    more: false,
  });

  private listeners = new Set<(event: ServiceEvent) => void>();

  private record(method: keyof AddinService, ...args: unknown[]): void {
    this.calls.push({ method, args });
  }

  callsOf(method: keyof AddinService): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  emit(event: ServiceEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  async getSession(): Promise<SessionState> {
    this.record('getSession');
    return { ...this.session };
  }

  async signIn(input: SignInInput): Promise<SessionState> {
    this.record('signIn', input);
    if (input.apiKey !== this.validKey) {
      throw new AddinError('unauthenticated', 'The platform refused the API key. Check the key and sign in again.', { status: 401 });
    }
    this.session = { ...this.session, signedIn: true, tenantUrl: input.tenantUrl, authScheme: input.authScheme };
    return { ...this.session };
  }

  async signOut(): Promise<void> {
    this.record('signOut');
    this.session = { ...this.session, signedIn: false };
  }

  async listDeployments(): Promise<Deployment[]> {
    this.record('listDeployments');
    return this.deployments;
  }

  async listEnvironments(deploymentId: string): Promise<Environment[]> {
    this.record('listEnvironments', deploymentId);
    return this.environments[deploymentId] ?? [];
  }

  async getContext(): Promise<WorkbookContext> {
    this.record('getContext');
    return { ...this.context };
  }

  async setContext(context: WorkbookContext): Promise<void> {
    this.record('setContext', context);
    this.context = { ...context };
  }

  async getMeta(): Promise<Meta> {
    this.record('getMeta');
    return this.getMetaImpl();
  }

  async suggestValues(request: SuggestValuesRequest): Promise<ValueSuggestions> {
    this.record('suggestValues', request);
    return this.suggestValuesImpl(request);
  }

  async preview(draft: ReportDraft): Promise<PreviewTable> {
    this.record('preview', draft);
    return this.previewImpl(draft);
  }

  async activeCell(): Promise<CellTarget> {
    this.record('activeCell');
    return { ...this.cell };
  }

  insert(draft: ReportDraft, target: CellTarget, options: InsertOptions): Promise<RunOutcome> {
    this.record('insert', draft, target, options);
    return this.insertImpl(draft, target, options);
  }

  async listPlacements(): Promise<PlacementView[]> {
    this.record('listPlacements');
    return this.placements.map((p) => ({ ...p }));
  }

  refresh(placementId: string, options: RefreshOptions): Promise<RunOutcome> {
    this.record('refresh', placementId, options);
    return this.refreshImpl(placementId, options);
  }

  refreshAll(placementIds: string[], options: RefreshAllOptions): Promise<RefreshAllSummary> {
    this.record('refreshAll', placementIds, options);
    return this.refreshAllImpl(placementIds, options);
  }

  async cancel(jobId: string): Promise<void> {
    this.record('cancel', jobId);
  }

  /** The pane follows jobs through events; no status is kept here. */
  async jobStatus(jobId: string): Promise<JobStatus | null> {
    this.record('jobStatus', jobId);
    return null;
  }

  async goTo(placementId: string): Promise<void> {
    this.record('goTo', placementId);
  }

  async loadDraft(placementId: string): Promise<ReportDraft> {
    this.record('loadDraft', placementId);
    const draft = this.drafts[placementId];
    if (!draft) throw new AddinError('notFound', 'This report no longer exists on the platform.');
    return draft;
  }

  update(placementId: string, draft: ReportDraft, options: { jobId: string }): Promise<RunOutcome> {
    this.record('update', placementId, draft, options);
    return this.updateImpl(placementId, draft, options);
  }

  /** Runs inside remove before the placement is dropped (a test can send progress and hold it). */
  removeImpl: (placementId: string, options: { clearCells: boolean; jobId?: string }) => Promise<void> = async () => undefined;

  async remove(placementId: string, options: { clearCells: boolean; jobId?: string }): Promise<void> {
    this.record('remove', placementId, options);
    await this.removeImpl(placementId, options);
    this.placements = this.placements.filter((p) => p.placementId !== placementId);
  }

  /** Runs inside movePlacement (a test can make it refuse, e.g. as blocked); the default moves the placement's label. */
  moveImpl: (placementId: string, target: MoveTarget, options: MoveOptions) => Promise<RunOutcome> = async (placementId, target) => {
    const label = target === 'selection' ? this.cell.label : target.label;
    this.placements = this.placements.map((p) => (p.placementId === placementId ? { ...p, rangeLabel: `${label}:D12` } : p));
    return { placementId, dataRows: 10, cols: 3, headerRows: 1, rangeLabel: `${label}:D12`, elapsedMs: 40 };
  };

  movePlacement(placementId: string, target: MoveTarget, options: MoveOptions): Promise<RunOutcome> {
    this.record('movePlacement', placementId, target, options);
    return this.moveImpl(placementId, target, options);
  }

  async setPlacementGrowth(placementId: string, growth: GrowthSetting): Promise<void> {
    this.record('setPlacementGrowth', placementId, growth);
    this.placements = this.placements.map((p) => (p.placementId === placementId ? { ...p, growth } : p));
  }

  /** Runs inside setPlacementContext (a test can make it refuse); the default keeps the change on the placement's view. */
  contextImpl: (placementId: string, change: ContextChange, options: { jobId: string }) => Promise<RunOutcome | null> = async () => null;

  async setPlacementContext(placementId: string, change: ContextChange, options: { jobId: string }): Promise<RunOutcome | null> {
    this.record('setPlacementContext', placementId, change);
    const outcome = await this.contextImpl(placementId, change, options);
    this.placements = this.placements.map((p) => (p.placementId === placementId ? { ...p, ...change } : p));
    return outcome;
  }

  async bindParameters(placementId: string, bindings: ParameterBindingInput[]): Promise<void> {
    this.record('bindParameters', placementId, bindings);
    await this.bindParametersImpl(placementId, bindings);
  }

  /** What each bound cell holds (by its reference): boundCellValues answers with these, or refuses an empty cell as a run does. */
  cellValues: Record<string, string> = {};

  async boundCellValues(bindings: ParameterBindingInput[]): Promise<BoundCellValue[]> {
    this.record('boundCellValues', bindings);
    return bindings.map((b) => {
      const value = this.cellValues[b.ref];
      if (value === undefined || value === '')
        throw new AddinError('validation', `The parameter cell ${b.ref} is empty. Enter text in ${b.ref}, then refresh.`, {
          data: { cell: b.ref },
        });
      return { cell: b.ref, values: [value] };
    });
  }

  async setRefreshOnParameterChange(placementId: string, on: boolean): Promise<void> {
    this.record('setRefreshOnParameterChange', placementId, on);
    this.placements = this.placements.map((p) => (p.placementId === placementId ? { ...p, refreshOnParameterChange: on } : p));
  }

  async confirmPlacement(placementId: string): Promise<void> {
    this.record('confirmPlacement', placementId);
    this.placements = this.placements.map((p) => (p.placementId === placementId ? { ...p, needsConfirmation: false } : p));
    this.emit({ type: 'placementsChanged' });
  }

  async cellsEdited(edits?: CellsEdited[]): Promise<void> {
    this.record('cellsEdited', edits);
  }

  /** Overridable binding behaviour; the default succeeds. */
  bindParametersImpl: (placementId: string, bindings: ParameterBindingInput[]) => Promise<void> = async () => undefined;

  /** Overridable hand-edit and undo behaviour; the defaults succeed (undo puts back a 10-row result). */
  locateHandEditsImpl: (placementId: string) => Promise<void> = async () => undefined;
  showChangesImpl: (placementId: string) => Promise<void> = async () => undefined;
  undoRefreshImpl: (placementId: string, options: { jobId: string }) => Promise<RunOutcome> = async (placementId) => ({
    placementId,
    dataRows: 10,
    cols: 3,
    headerRows: 1,
    rangeLabel: 'Sheet1!B2:D12',
    elapsedMs: 20,
  });

  locateHandEdits(placementId: string): Promise<void> {
    this.record('locateHandEdits', placementId);
    return this.locateHandEditsImpl(placementId);
  }

  showChanges(placementId: string): Promise<void> {
    this.record('showChanges', placementId);
    return this.showChangesImpl(placementId);
  }

  undoRefresh(placementId: string, options: { jobId: string }): Promise<RunOutcome> {
    this.record('undoRefresh', placementId, options);
    return this.undoRefreshImpl(placementId, options);
  }

  async checkHandEdits(): Promise<void> {
    this.record('checkHandEdits');
  }

  /**
   * Runs inside placeAgain, placeReport and replaceOrphan (a test can make it refuse, e.g. as blocked); the default adds
   * a placement named "Placed <what>" at the target (an orphan's own card gets the target instead).
   */
  placeImpl: (
    what: { method: 'placeAgain' | 'placeReport' | 'replaceOrphan'; ref: string },
    target: MoveTarget,
    options: PlaceOptions,
  ) => Promise<RunOutcome> = async (what, target, options) => {
    const label = target === 'selection' ? this.cell.label : target.label;
    const rangeLabel = `${label}:D12`;
    const placementId = what.method === 'replaceOrphan' ? what.ref : (options.placementId ?? `placed-${this.placements.length + 1}`);
    if (what.method === 'replaceOrphan')
      this.placements = this.placements.map((p) => (p.placementId === placementId ? { ...p, rangeLabel, status: 'upToDate' } : p));
    else this.placements = [...this.placements, samplePlacement({ placementId, name: `Placed ${what.ref}`, rangeLabel })];
    // The service tells the list it changed, however the placing ends.
    this.emit({ type: 'placementsChanged' });
    return { placementId, dataRows: 10, cols: 3, headerRows: 1, rangeLabel, elapsedMs: 30 };
  };

  placeAgain(placementId: string, target: MoveTarget, options: PlaceOptions): Promise<RunOutcome> {
    this.record('placeAgain', placementId, target, options);
    return this.placeImpl({ method: 'placeAgain', ref: placementId }, target, options);
  }

  placeReport(reference: string, target: MoveTarget, options: PlaceOptions): Promise<RunOutcome> {
    this.record('placeReport', reference, target, options);
    return this.placeImpl({ method: 'placeReport', ref: reference }, target, options);
  }

  replaceOrphan(placementId: string, target: MoveTarget, options: PlaceOptions): Promise<RunOutcome> {
    this.record('replaceOrphan', placementId, target, options);
    return this.placeImpl({ method: 'replaceOrphan', ref: placementId }, target, options);
  }

  subscribe(listener: (event: ServiceEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
