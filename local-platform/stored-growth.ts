/**
 * Caps on how many rows a caller may add (the contract shows none), one for every kind of row a key creates: reports
 * per user, placements per workbook, per report and per user, live meta-sync tokens per user (expired ones are
 * deleted first, so every stored token counts). Past a cap the request is a 409 saying what to do; updating an
 * existing row stays possible.
 */
import type { Sql } from './database';
import { HttpError } from './http-io';

/** Placements one report keeps in one workbook. */
export const MAX_PLACEMENTS_PER_WORKBOOK = 50;
/** Placements one report keeps across all workbooks. */
export const MAX_PLACEMENTS_PER_REPORT = 500;
/** Placements one user has placed across all reports and workbooks. */
export const MAX_PLACEMENTS_PER_USER = 2000;
/** Reports one user has created, across deployments. */
export const MAX_REPORTS_PER_USER = 1000;
/** Unexpired meta-sync tokens one user holds. */
export const MAX_LIVE_TOKENS_PER_USER = 100;

const countOf = async (sql: Sql, text: string, params: Array<string | number>): Promise<number> =>
  Number((await sql.all(text, params))[0]?.n ?? 0);

/** Throws 409 when user `userId` has created MAX_REPORTS_PER_USER reports. */
export async function checkRoomForReport(sql: Sql, userId: number): Promise<void> {
  const created = await countOf(sql, 'SELECT count(*) AS n FROM control.reports WHERE created_by = $1', [userId]);
  if (created >= MAX_REPORTS_PER_USER) {
    throw new HttpError(
      409,
      `You have created ${created} reports, the most one user may; update one of them (PUT by publicId or id) instead of creating another.`,
      'report_limit',
    );
  }
}

/**
 * Throws 409 when report `reportId` cannot take one more placement in `externalWorkbookId`, or user `userId` has
 * placed MAX_PLACEMENTS_PER_USER.
 */
export async function checkRoomForPlacement(sql: Sql, reportId: number, externalWorkbookId: string, userId: number): Promise<void> {
  const byUser = await countOf(sql, 'SELECT count(*) AS n FROM control.placements WHERE placed_by = $1', [userId]);
  if (byUser >= MAX_PLACEMENTS_PER_USER) {
    throw new HttpError(
      409,
      `You have placed ${byUser} reports in workbooks, the most one user keeps; refresh an existing placement (its placementId) instead of adding one.`,
      'placement_limit',
    );
  }
  const inWorkbook = await countOf(sql, 'SELECT count(*) AS n FROM control.placements WHERE report_id = $1 AND external_workbook_id = $2', [
    reportId,
    externalWorkbookId,
  ]);
  if (inWorkbook >= MAX_PLACEMENTS_PER_WORKBOOK) {
    throw new HttpError(
      409,
      `Report ${reportId} already has ${inWorkbook} placements in this workbook, the most it keeps; remove placements you no longer use, then place it again.`,
      'placement_limit',
    );
  }
  const inReport = await countOf(sql, 'SELECT count(*) AS n FROM control.placements WHERE report_id = $1', [reportId]);
  if (inReport >= MAX_PLACEMENTS_PER_REPORT) {
    throw new HttpError(
      409,
      `Report ${reportId} already has ${inReport} placements, the most a report keeps; remove placements you no longer use, then place it again.`,
      'placement_limit',
    );
  }
}

/** Drops expired tokens, then throws 409 when user `userId` already holds MAX_LIVE_TOKENS_PER_USER live ones. */
export async function checkRoomForToken(sql: Sql, userId: number, nowIso: string): Promise<void> {
  await sql.run('DELETE FROM control.meta_sync_tokens WHERE expires_at <= $1', [nowIso]);
  const live = await countOf(sql, 'SELECT count(*) AS n FROM control.meta_sync_tokens WHERE user_id = $1', [userId]);
  if (live >= MAX_LIVE_TOKENS_PER_USER) {
    throw new HttpError(
      409,
      `You hold ${live} unexpired meta-sync tokens, the most one user may; use one of them, or ask for shorter expires_in so they lapse sooner.`,
      'token_limit',
    );
  }
}
