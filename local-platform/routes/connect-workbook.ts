/** PUT .../reports/{reportId}/connect-workbook (3.3, 4.10): read access; upserts one placement, never the report's definition. */
import type { IncomingMessage } from 'node:http';
import { connectWorkbookBodySchema } from '../../src/core/wire/schemas';
import { HOST_EXCEL, HOST_SHEETS } from '../../src/core/wire/wire-names';
import { authenticateControlPlane } from '../auth';
import type { Handler } from '../context';
import { requireDeployment } from '../deployments';
import { checkConnectWorkbookLimits } from '../body-limits';
import { HttpError, parseOr400, readJsonBody } from '../http-io';
import { queryChecksum } from '../report-record';
import { findById, findPlacement, upsertPlacement } from '../report-store';
import { checkRoomForPlacement } from '../stored-growth';
import { reportIdParam, viewWithPlacements } from './reports';

/**
 * The body names no host, so a new placement's host comes from the caller: Apps Script's UrlFetchApp (User-Agent
 * containing `Google-Apps-Script`) places in SPREADSHEET_2, every other caller in SPREADSHEET_1. An existing placement keeps its host.
 */
export function placementHost(req: IncomingMessage): typeof HOST_EXCEL | typeof HOST_SHEETS {
  return /Google-Apps-Script/i.test(req.headers['user-agent'] ?? '') ? HOST_SHEETS : HOST_EXCEL;
}

export const connectWorkbook: Handler = async ({ req, params, platform }) => {
  const caller = authenticateControlPlane(req, platform.keys);
  const id = reportIdParam(params.reportId);
  const body = checkConnectWorkbookLimits(parseOr400(connectWorkbookBodySchema, await readJsonBody(req), 'body'));
  const deploymentId = params.deploymentId ?? '';
  const now = new Date(platform.now()).toISOString();
  requireDeployment(platform.deployments, deploymentId, caller);
  const report = await platform.db.transaction(async (sql) => {
    const record = await findById(sql, deploymentId, id);
    if (!record) throw new HttpError(404, `Report ${id} not found in deployment ${deploymentId}.`);
    if (!caller.rights.read) throw new HttpError(403, `You may not read report ${id}.`);
    const existing = await findPlacement(sql, id, body.externalWorkbookId, body.placementId);
    if (existing === null) await checkRoomForPlacement(sql, id, body.externalWorkbookId, caller.user.id);
    await upsertPlacement(sql, {
      reportId: id,
      externalWorkbookId: body.externalWorkbookId,
      placementId: body.placementId,
      host: existing?.host ?? placementHost(req),
      workbookName: body.workbookName ?? existing?.workbookName ?? null,
      sheetId: body.sheetId ?? existing?.sheetId ?? null,
      sheetName: body.sheetName ?? existing?.sheetName ?? null,
      anchorCell: body.anchorCell ?? existing?.anchorCell ?? null,
      endResultCell: body.endResultCell ?? existing?.endResultCell ?? null,
      resultLocation: body.resultLocation ?? existing?.resultLocation ?? null,
      placedAt: existing?.placedAt ?? now,
      refreshedAt: now,
      placedBy: existing?.placedBy ?? caller.user.id,
      refreshedBy: caller.user.id,
      queryChecksum: queryChecksum(record),
    });
    // The definition is as read above (a placement never changes it): only the placements are read again.
    return viewWithPlacements(sql, platform, record, caller);
  });
  return { status: 200, body: report };
};
