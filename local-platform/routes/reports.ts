/** Report routes: upsert by publicId (4.9), the minimal PUT /reports/{id} and POST /reports, GET of one report or a page. */
import { randomInt } from 'node:crypto';
import {
  PUBLIC_ID_PATTERN,
  reportCreateBodySchema,
  reportUpdateBodySchema,
  reportUpsertBodySchema,
  type Report,
} from '../../src/core/wire/schemas';
import { authenticateControlPlane, type Principal } from '../auth';
import type { Handler, PlatformContext } from '../context';
import type { Sql } from '../database';
import { requireDeployment } from '../deployments';
import { HttpError, parseOr400, readJsonBody } from '../http-io';
import { listEnvelope, parsePage } from '../pagination';
import { applyBody, EMPTY_DEFINITION, type ReportRecord } from '../report-record';
import { findById, findByPublicId, insertReport, listPlacements, listReports } from '../report-store';
import { isLegacyShaped, legacyShapedRefused, takenElsewhere, upsertByPublicId, writeIfChanged } from '../report-upsert';
import { checkReportBodyLimits } from '../body-limits';
import { reportView } from '../report-view';

/** The report as the caller sees it, with its placements; 404 when it is not in the deployment. */
export async function readReport(
  sql: Sql,
  platform: PlatformContext,
  deploymentId: string,
  id: number,
  caller: Principal,
): Promise<Report> {
  const record = await findById(sql, deploymentId, id);
  if (!record) throw new HttpError(404, `Report ${id} not found in deployment ${deploymentId}.`);
  return viewWithPlacements(sql, platform, record, caller);
}

/** A report already read, as the caller sees it, with its placements read now. */
export async function viewWithPlacements(sql: Sql, platform: PlatformContext, record: ReportRecord, caller: Principal): Promise<Report> {
  return reportView(record, await listPlacements(sql, record.id), caller, platform.users);
}

export function reportIdParam(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) throw new HttpError(404, `Report ${raw ?? ''} not found.`);
  return Number(raw);
}

const nowIso = (platform: PlatformContext): string => new Date(platform.now()).toISOString();

export const upsertReportByPublicId: Handler = async ({ req, params, platform, faults }) => {
  const caller = authenticateControlPlane(req, platform.keys);
  const publicId = params.publicId ?? '';
  if (!PUBLIC_ID_PATTERN.test(publicId)) {
    throw new HttpError(400, `Invalid publicId "${publicId}": it must be exactly 12 characters from [0-9A-Za-z].`);
  }
  const body = checkReportBodyLimits(parseOr400(reportUpsertBodySchema, await readJsonBody(req), 'body'));
  if (body.publicId !== undefined && body.publicId !== publicId) {
    throw new HttpError(400, `Invalid body: publicId: "${body.publicId}" differs from the publicId in the path ("${publicId}").`);
  }
  const deploymentId = params.deploymentId ?? '';
  requireDeployment(platform.deployments, deploymentId, caller);
  const report = await upsertByPublicId(
    platform.db,
    { deploymentId, publicId, body, caller, nowIso: nowIso(platform) },
    { provokeRace: faults.upsertRace },
    (sql, id) => readReport(sql, platform, deploymentId, id, caller),
  );
  return { status: 200, body: report };
};

/** PUT /reports/{reportId}: edit access; `publicId` is write-once (set when absent, 400 when it would change). */
export const updateReportById: Handler = async ({ req, params, platform }) => {
  const caller = authenticateControlPlane(req, platform.keys);
  const id = reportIdParam(params.reportId);
  const body = checkReportBodyLimits(parseOr400(reportUpdateBodySchema, await readJsonBody(req), 'body'));
  const deploymentId = params.deploymentId ?? '';
  requireDeployment(platform.deployments, deploymentId, caller);
  const report = await platform.db.transaction(async (sql) => {
    const current = await findById(sql, deploymentId, id);
    if (!current) throw new HttpError(404, `Report ${id} not found in deployment ${deploymentId}.`);
    if (!caller.rights.edit) throw new HttpError(403, `You may read report ${id} but not edit it: updating a report needs edit access.`);
    let publicId = current.publicId;
    if (body.publicId !== undefined && body.publicId !== current.publicId) {
      if (current.publicId !== null) {
        throw new HttpError(
          400,
          `Invalid body: publicId: report ${id} already has publicId ${current.publicId}; a publicId is write-once.`,
        );
      }
      // A legacy report adopts its synthesized id through the upsert (which checks it names that report alone).
      if (isLegacyShaped(body.publicId)) throw legacyShapedRefused(body.publicId, deploymentId);
      const holder = await findByPublicId(sql, body.publicId);
      if (holder) {
        if (holder.deploymentId !== deploymentId) throw takenElsewhere(body.publicId);
        throw new HttpError(409, `publicId ${body.publicId} is already used by report ${holder.id}; use another publicId.`);
      }
      publicId = body.publicId;
    }
    const next: ReportRecord = { ...current, ...applyBody(current, body), publicId };
    await writeIfChanged(sql, current, next, caller, nowIso(platform));
    return readReport(sql, platform, deploymentId, id, caller);
  });
  return { status: 200, body: report };
};

const PUBLIC_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const mintPublicId = (): string => Array.from({ length: 12 }, () => PUBLIC_ID_ALPHABET[randomInt(PUBLIC_ID_ALPHABET.length)]).join('');

/** POST /reports: the create right; `name` required; `publicId` optional (minted when absent, 409 when taken). */
export const createReport: Handler = async ({ req, params, platform }) => {
  const caller = authenticateControlPlane(req, platform.keys);
  const body = checkReportBodyLimits(parseOr400(reportCreateBodySchema, await readJsonBody(req), 'body'));
  const deploymentId = params.deploymentId ?? '';
  requireDeployment(platform.deployments, deploymentId, caller);
  const report = await platform.db.transaction(async (sql) => {
    if (!caller.rights.create) throw new HttpError(403, 'You may not create reports (read-only access). Ask an editor or an admin.');
    let publicId = body.publicId;
    if (publicId !== undefined) {
      if (isLegacyShaped(publicId)) throw legacyShapedRefused(publicId, deploymentId);
      const holder = await findByPublicId(sql, publicId);
      if (holder) {
        if (holder.deploymentId !== deploymentId) throw takenElsewhere(publicId);
        throw new HttpError(409, `publicId ${publicId} is already used by report ${holder.id}; use another publicId.`);
      }
    } else {
      do publicId = mintPublicId();
      while (isLegacyShaped(publicId) || (await findByPublicId(sql, publicId)));
    }
    const now = nowIso(platform);
    const id = await insertReport(sql, {
      ...applyBody(EMPTY_DEFINITION, body),
      publicId,
      legacyRef: null,
      deploymentId,
      type: 'REPORT',
      source: body.source ?? null,
      createdAt: now,
      updatedAt: now,
      createdBy: caller.user.id,
      updatedBy: caller.user.id,
      version: 1,
    });
    return readReport(sql, platform, deploymentId, id, caller);
  });
  return { status: 201, body: report };
};

export const getReport: Handler = async ({ req, params, platform }) => {
  const caller = authenticateControlPlane(req, platform.keys);
  const id = reportIdParam(params.reportId);
  const deploymentId = params.deploymentId ?? '';
  requireDeployment(platform.deployments, deploymentId, caller);
  const report = await platform.db.exclusive(async (sql) => {
    return readReport(sql, platform, deploymentId, id, caller);
  });
  return { status: 200, body: report };
};

/** GET /reports: a page of the deployment's reports by id; `externalWorkbookId` keeps those placed in that workbook. */
export const listReportsRoute: Handler = async ({ req, params, query, platform }) => {
  const caller = authenticateControlPlane(req, platform.keys);
  const page = parsePage(query);
  const deploymentId = params.deploymentId ?? '';
  requireDeployment(platform.deployments, deploymentId, caller);
  const body = await platform.db.exclusive(async (sql) => {
    const { reports, total } = await listReports(sql, deploymentId, page, query.get('externalWorkbookId'));
    const views: Report[] = [];
    for (const r of reports) views.push(await viewWithPlacements(sql, platform, r, caller));
    return listEnvelope('reports', views, page, total);
  });
  return { status: 200, body };
};
