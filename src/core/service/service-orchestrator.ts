/** The service's Orchestrator: the placement engine over the signed-in session's clients and metadata. */
import type { Report } from '../wire/schemas';
import { Orchestrator } from '../placements/orchestrator';
import { PlacementConfirmations } from '../automation/placement-confirmations';
import type { ReportsApi } from '../placements/placement-types';
import type { AddinServiceDeps } from './addin-service-deps';
import { resultHeaderTitles } from './header-titles';
import { compileWithParameters } from './parameter-compiler';
import type { PlatformSession } from './platform-session';
import { planReportTotals } from './totals-planner';

/** The Orchestrator of a service: every platform call goes through the session's current client (read once per job). */
export function serviceOrchestrator(
  deps: AddinServiceDeps,
  session: PlatformSession,
  reportSeen: (placementId: string, report: Report) => void,
): Orchestrator {
  const reports: ReportsApi = {
    upsertReport: async (deploymentId, publicId, body, opts) =>
      (await session.current()).upsertReport(deploymentId, publicId, body, opts ?? {}),
    connectWorkbook: async (deploymentId, reportId, body, opts) =>
      (await session.current()).connectWorkbook(deploymentId, reportId, body, opts ?? {}),
  };
  return new Orchestrator({
    host: deps.host,
    // What the signed-in person confirmed comes with the session the job's start read: no second read.
    confirmations: new PlacementConfirmations(deps.host.credentials, () => session.stored()),
    reports,
    queries: (context) => session.runnerFor(context),
    clock: deps.clock,
    randomBytes: deps.randomBytes,
    timezone: deps.timezone,
    reportSeen,
    titles: (context, _result, report) =>
      resultHeaderTitles(report, context.environmentId, (env) => session.sessionMeta(context.deploymentId, env)),
    totals: (context, report) => planReportTotals(context, report, (env) => session.sessionMeta(context.deploymentId, env)),
    parameters: (context, report, bound) =>
      compileWithParameters(context, report, bound, (env) => session.sessionMeta(context.deploymentId, env)),
    ...(deps.yieldToHost ? { yieldToHost: deps.yieldToHost } : {}),
    ...(deps.undo ? { undo: deps.undo } : {}),
    ...(deps.noteTime ? { noteTime: deps.noteTime } : {}),
  });
}
