/**
 * The sidebar's calls on the server, one entry point per AddinService method.
 * Each entry point parses its JSON, starts the method and answers at once; the method's promise settles in the same
 * execution and its answer (or error) is kept for `callResult`. `jobStatus` and `cancel` answer directly, so polling
 * costs one call.
 */
import type { AddinService, PlaceOptions } from '../../../src/core/service/addin-service';
import type { ParameterBindingInput } from '../../../src/core/params/parameter-binding';
import { jobStatusSchema, cancelKey } from '../../../src/core/jobs/job-store';
import { AddinError } from '../../../src/core/errors/addin-error';
import { CallStore } from './call-store';
import type { AutomationMethod, SidebarMethod } from '../../shared/entry-points';
import type { AutomationService } from '../../../src/core/automation/automation-service';
import { sheetsAutomation } from '../automation/sheets-automation';
import { JOB_KEY_PREFIX } from '../service/script-cache-job-store';
import { CacheTextStore } from '../service/cache-text-store';
import { parseArgs, serverCall, serverError } from './server-call';
import type { ServerResult } from '../../shared/server-result';
import { serverService, type ServerServices } from '../service/server-service';
import { callEnvelopeSchema, callResultArgsSchema, sidebarApi, type CallRecord, type SidebarArgs } from '../../shared/sidebar-api';

/** What a sidebar method's entry point answers: the call's record when it ended during the call (jobStatus, cancel, a refused argument), else null. */
export interface CallStarted {
  callId: string;
  record: CallRecord | null;
}

type ServiceMethod = Exclude<SidebarMethod, AutomationMethod>;
type Invoke<K extends ServiceMethod> = (service: AddinService, args: SidebarArgs<K>) => Promise<unknown>;
type InvokeAutomation<K extends AutomationMethod> = (automation: AutomationService, args: SidebarArgs<K>) => Promise<unknown>;

const AUTOMATION_INVOKE: { [K in AutomationMethod]: InvokeAutomation<K> } = {
  getAutomation: (a) => a.getAutomation(),
  setAutomation: (a, args) => a.setAutomation(args),
  runLog: (a) => a.runLog(),
  clearRunMarks: (a, args) => a.clearRunMarks(args.placementIds),
};

function isAutomation(method: SidebarMethod): method is AutomationMethod {
  return method in AUTOMATION_INVOKE;
}

/** A parsed binding as the service takes it: an absent alternative left out, not undefined. */
function bindingInput(b: SidebarArgs<'bindParameters'>['bindings'][number]): ParameterBindingInput {
  const { alternative, ...rest } = b;
  return alternative === undefined ? rest : { ...rest, alternative };
}

const INVOKE: { [K in ServiceMethod]: Invoke<K> } = {
  getSession: (s) => s.getSession(),
  signIn: (s, a) => s.signIn(a),
  signOut: (s) => s.signOut(),
  listDeployments: (s) => s.listDeployments(),
  listEnvironments: (s, a) => s.listEnvironments(a.deploymentId),
  getContext: (s) => s.getContext(),
  setContext: (s, a) => s.setContext(a),
  getMeta: (s) => s.getMeta(),
  suggestValues: (s, a) => s.suggestValues(a),
  preview: (s, a) => s.preview(a.draft),
  activeCell: (s) => s.activeCell(),
  insert: (s, a) =>
    s.insert(a.draft, a.target, {
      jobId: a.jobId,
      overwrite: a.overwrite,
      ...(a.parameters?.length
        ? { parameters: a.parameters.map((b) => ({ ...b, ...(b.alternative === undefined ? {} : { alternative: b.alternative }) })) }
        : {}),
    }),
  listPlacements: (s) => s.listPlacements(),
  refresh: (s, a) => s.refresh(a.placementId, { jobId: a.jobId, ...(a.handEdits ? { handEdits: a.handEdits } : {}) }),
  refreshAll: (s, a) => s.refreshAll(a.placementIds, { jobId: a.jobId, ...(a.handEdits ? { handEdits: a.handEdits } : {}) }),
  cancel: (s, a) => s.cancel(a.jobId),
  jobStatus: (s, a) => s.jobStatus(a.jobId),
  goTo: (s, a) => s.goTo(a.placementId),
  loadDraft: (s, a) => s.loadDraft(a.placementId),
  update: (s, a) => s.update(a.placementId, a.draft, { jobId: a.jobId, ...(a.handEdits ? { handEdits: a.handEdits } : {}) }),
  remove: (s, a) => s.remove(a.placementId, { clearCells: a.clearCells }),
  movePlacement: (s, a) => s.movePlacement(a.placementId, a.target, { jobId: a.jobId, overwrite: a.overwrite }),
  setPlacementGrowth: (s, a) => s.setPlacementGrowth(a.placementId, a.growth),
  setPlacementContext: (s, a) =>
    s.setPlacementContext(
      a.placementId,
      {
        ...(a.change.filterSummary === undefined ? {} : { filterSummary: a.change.filterSummary }),
        ...(a.change.anchorNote === undefined ? {} : { anchorNote: a.change.anchorNote }),
      },
      { jobId: a.jobId },
    ),
  bindParameters: (s, a) => s.bindParameters(a.placementId, a.bindings.map(bindingInput)),
  boundCellValues: (s, a) => s.boundCellValues(a.bindings.map(bindingInput)),
  setRefreshOnParameterChange: (s, a) => s.setRefreshOnParameterChange(a.placementId, a.on),
  confirmPlacement: async (s, a) => {
    await s.confirmPlacement?.(a.placementId);
  },
  cellsEdited: (s, a) => s.cellsEdited(a.edits),
  locateHandEdits: (s, a) => s.locateHandEdits(a.placementId),
  showChanges: (s, a) => s.showChanges(a.placementId),
  undoRefresh: (s, a) => s.undoRefresh(a.placementId, { jobId: a.jobId }),
  checkHandEdits: (s) => s.checkHandEdits(),
  placeAgain: (s, a) => s.placeAgain(a.placementId, a.target, placeOptions(a)),
  placeReport: (s, a) => s.placeReport(a.reference, a.target, placeOptions(a)),
  replaceOrphan: (s, a) => s.replaceOrphan(a.placementId, a.target, placeOptions(a)),
};

/** PlaceOptions of a parsed call (an absent new placement id stays absent). */
function placeOptions(a: { jobId: string; overwrite: boolean; newPlacementId?: string | undefined }): PlaceOptions {
  return { jobId: a.jobId, overwrite: a.overwrite, ...(a.newPlacementId === undefined ? {} : { placementId: a.newPlacementId }) };
}

function json(value: unknown): CallRecord {
  return { state: 'done', value: JSON.parse(JSON.stringify(value ?? null)) as CallRecord extends { value: infer V } ? V : never };
}

function userCalls(services: ServerServices): CallStore {
  const cache = services.cache().getUserCache();
  if (cache === null) throw new AddinError('host', 'Google Sheets has no cache for this user here. Reload the spreadsheet.');
  return new CallStore(cache);
}

/** jobStatus and cancel, read and written straight in the script cache (no promise: the answer is ready when the call returns). */
function direct(services: ServerServices, method: 'jobStatus' | 'cancel', jobId: string): CallRecord {
  const texts = new CacheTextStore(services.cache().getScriptCache());
  if (method === 'cancel') {
    texts.set(JOB_KEY_PREFIX + cancelKey(jobId), '1');
    return { state: 'done', value: null };
  }
  const raw = texts.get(JOB_KEY_PREFIX + jobId);
  if (raw === null) return { state: 'done', value: null };
  let parsed: ReturnType<typeof jobStatusSchema.safeParse>;
  try {
    parsed = jobStatusSchema.safeParse(JSON.parse(raw));
  } catch {
    return { state: 'done', value: null };
  }
  if (!parsed.success) return { state: 'done', value: null };
  const cancelRequested = parsed.data.state === 'running' && texts.get(JOB_KEY_PREFIX + cancelKey(jobId)) !== null;
  return json(cancelRequested ? { ...parsed.data, cancelRequested } : parsed.data);
}

/** Starts `method` for the sidebar. */
export function startCall(services: ServerServices, method: SidebarMethod, raw: unknown): ServerResult<CallStarted> {
  return serverCall((): CallStarted => {
    const { callId, args } = parseArgs(callEnvelopeSchema, raw, method);
    let parsed: unknown;
    try {
      parsed = parseArgs(sidebarApi[method].args, args, method);
    } catch (e) {
      return { callId, record: { state: 'failed', error: serverError(e) } };
    }
    if (method === 'jobStatus' || method === 'cancel')
      return { callId, record: direct(services, method, (parsed as { jobId: string }).jobId) };
    const calls = userCalls(services);
    calls.write(callId, { state: 'running' });
    let promise: Promise<unknown>;
    try {
      promise = isAutomation(method)
        ? (AUTOMATION_INVOKE[method] as InvokeAutomation<AutomationMethod>)(sheetsAutomation(services), parsed as never)
        : (INVOKE[method] as Invoke<ServiceMethod>)(serverService(services), parsed as never);
    } catch (e) {
      promise = Promise.reject(e);
    }
    const settle = (record: () => CallRecord): void => {
      try {
        calls.write(callId, record());
      } catch (e) {
        // An answer the cache cannot keep still ends the call, as an error the sidebar can show.
        calls.write(callId, { state: 'failed', error: serverError(e) });
      }
    };
    void promise.then(
      (value) => settle(() => json(value)),
      (e: unknown) => settle(() => ({ state: 'failed', error: serverError(e) })),
    );
    return { callId, record: null };
  });
}

/** The answer of a call started earlier (null: unknown or expired). */
export function callResult(services: ServerServices, raw: unknown): ServerResult<CallRecord | null> {
  return serverCall(() => {
    const { callId } = parseArgs(callResultArgsSchema, raw, 'callResult');
    return userCalls(services).read(callId);
  });
}
