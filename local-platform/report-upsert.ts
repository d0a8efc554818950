/**
 * PUT .../reports/by-public-id/{publicId} (3.4, 4.9, 7.3): decide create, update or legacy adoption (lookup and access
 * check) outside any transaction, then apply inside one that re-checks the decision and answers 409
 * `upsert_branch_changed` when another writer created or deleted the report in between.
 */
import type { ReportUpsertBody } from '../src/core/wire/schemas';
import { CODE_AMBIGUOUS_LEGACY_ID, CODE_UPSERT_BRANCH_CHANGED } from '../src/core/wire/wire-names';
import type { Principal } from './auth';
import type { ControlDb, Sql } from './database';
import { HttpError } from './http-io';
import { applyBody, EMPTY_DEFINITION, sameDefinition, type ReportRecord } from './report-record';
import { deleteReport, findByPublicId, findLegacy, insertReport, listPlacements, updateReport, upsertPlacement } from './report-store';
import { LEGACY_PUBLIC_ID_PATTERN } from './seed';

export type UpsertDecision =
  { kind: 'create' } | { kind: 'update'; reportId: number } | { kind: 'adopt-legacy'; reportId: number; legacyRef: number };

export interface UpsertRequest {
  deploymentId: string;
  publicId: string;
  body: ReportUpsertBody;
  caller: Principal;
  nowIso: string;
}

const legacyRefOf = (publicId: string): number | null => {
  const m = LEGACY_PUBLIC_ID_PATTERN.exec(publicId);
  return m ? Number(m[1]) : null;
};

export const takenElsewhere = (publicId: string): HttpError =>
  new HttpError(
    409,
    `publicId ${publicId} is already used by a report in another deployment (publicIds are unique across the account); use another publicId.`,
  );

/**
 * A publicId of the synthesized legacy shape (`legacy` and six digits) is only ever adopted by the legacy report it
 * names; creating one anywhere else would take the id account-wide and make that report unreachable.
 */
export const legacyShapedRefused = (publicId: string, deploymentId: string): HttpError =>
  new HttpError(
    400,
    `publicId ${publicId} has the shape of a synthesized legacy id (legacy and six digits) but names no legacy report of deployment ${deploymentId}; nothing was created. Mint another publicId.`,
  );

/** Whether `publicId` has the synthesized legacy shape. */
export const isLegacyShaped = (publicId: string): boolean => LEGACY_PUBLIC_ID_PATTERN.test(publicId);

const raceLost = (): HttpError =>
  new HttpError(
    409,
    'Another writer created or deleted this report between the decision to create or update it and its application; nothing was changed. Retry the request.',
    CODE_UPSERT_BRANCH_CHANGED,
  );

function requireEdit(caller: Principal, publicId: string): void {
  if (!caller.rights.edit) {
    throw new HttpError(
      403,
      `You may read report ${publicId} but not edit it: updating a report needs edit access. Ask an editor or an admin.`,
    );
  }
}

/** Step 1: which branch the request takes, with its access check. Throws the permanent 409s and 403s. */
export async function decideUpsert(sql: Sql, r: UpsertRequest): Promise<UpsertDecision> {
  const existing = await findByPublicId(sql, r.publicId);
  if (existing) {
    if (existing.deploymentId !== r.deploymentId) throw takenElsewhere(r.publicId);
    requireEdit(r.caller, r.publicId);
    return { kind: 'update', reportId: existing.id };
  }
  const legacyRef = legacyRefOf(r.publicId);
  if (legacyRef !== null) {
    const matches = await findLegacy(sql, r.deploymentId, legacyRef);
    if (matches.length > 1) {
      throw new HttpError(
        409,
        `${r.publicId} is a synthesized legacy id matching ${matches.length} reports; nothing was changed. Give the report its own publicId with PUT /reports/{reportId}, then use that.`,
        CODE_AMBIGUOUS_LEGACY_ID,
      );
    }
    if (matches[0]) {
      requireEdit(r.caller, r.publicId);
      return { kind: 'adopt-legacy', reportId: matches[0].id, legacyRef };
    }
    throw legacyShapedRefused(r.publicId, r.deploymentId);
  }
  if (!r.caller.rights.create) {
    throw new HttpError(
      403,
      `No report has publicId ${r.publicId} and you may not create reports (read-only access). Ask an editor or an admin.`,
    );
  }
  return { kind: 'create' };
}

function newReport(r: UpsertRequest): Omit<ReportRecord, 'id'> {
  const definition = applyBody(EMPTY_DEFINITION, r.body);
  return {
    ...definition,
    name: r.body.name ?? r.body.title ?? `Report ${r.publicId}`,
    publicId: r.publicId,
    legacyRef: null,
    deploymentId: r.deploymentId,
    type: 'REPORT',
    source: r.body.source ?? null,
    createdAt: r.nowIso,
    updatedAt: r.nowIso,
    createdBy: r.caller.user.id,
    updatedBy: r.caller.user.id,
    version: 1,
  };
}

/** Writes `next` over `current` unless nothing changes (then `updatedAt` and `version` stay). */
export async function writeIfChanged(
  sql: Sql,
  current: ReportRecord,
  next: ReportRecord,
  caller: Principal,
  nowIso: string,
): Promise<void> {
  if (sameDefinition(current, next) && current.publicId === next.publicId) return;
  await updateReport(sql, { ...next, updatedAt: nowIso, updatedBy: caller.user.id, version: current.version + 1 });
}

/** Step 2, inside the transaction: re-checks that the decision still holds, then applies it. Returns the report id. */
export async function applyUpsert(sql: Sql, decision: UpsertDecision, r: UpsertRequest): Promise<number> {
  const existing = await findByPublicId(sql, r.publicId);
  switch (decision.kind) {
    case 'create': {
      if (existing) throw raceLost();
      const legacyRef = legacyRefOf(r.publicId);
      if (legacyRef !== null && (await findLegacy(sql, r.deploymentId, legacyRef)).length > 0) throw raceLost();
      try {
        return await insertReport(sql, newReport(r));
      } catch (e) {
        // The unique index on publicId is the last line: a concurrent insert lost here is the same race.
        if (e instanceof Error && /constraint/i.test(e.message)) throw raceLost();
        throw e;
      }
    }
    case 'update': {
      if (!existing || existing.id !== decision.reportId || existing.deploymentId !== r.deploymentId) throw raceLost();
      const next: ReportRecord = { ...existing, ...applyBody(existing, r.body) };
      await writeIfChanged(sql, existing, next, r.caller, r.nowIso);
      return existing.id;
    }
    case 'adopt-legacy': {
      if (existing) throw raceLost();
      const matches = await findLegacy(sql, r.deploymentId, decision.legacyRef);
      const only = matches.length === 1 ? matches[0] : undefined;
      if (!only || only.id !== decision.reportId) throw raceLost();
      const next: ReportRecord = { ...only, ...applyBody(only, r.body), publicId: r.publicId };
      await writeIfChanged(sql, only, next, r.caller, r.nowIso);
      return only.id;
    }
  }
}

/**
 * The `upsert-race` fault: another writer acts between decision and apply. It creates the report (for a create), adopts
 * the legacy report (for an adoption), or deletes the report and creates it again under a new id with the same content
 * and placements (for an update), so the re-check in `applyUpsert` really fails and a retry succeeds.
 */
export async function actAsConcurrentWriter(sql: Sql, decision: UpsertDecision, r: UpsertRequest): Promise<void> {
  switch (decision.kind) {
    case 'create':
      await insertReport(sql, newReport(r));
      return;
    case 'adopt-legacy': {
      const [only] = await findLegacy(sql, r.deploymentId, decision.legacyRef);
      if (only) await updateReport(sql, { ...only, publicId: r.publicId, updatedAt: r.nowIso, version: only.version + 1 });
      return;
    }
    case 'update': {
      const existing = await findByPublicId(sql, r.publicId);
      if (!existing) return;
      const placements = await listPlacements(sql, existing.id);
      await deleteReport(sql, existing.id);
      const { id: _oldId, ...copy } = existing;
      const newId = await insertReport(sql, copy);
      for (const p of placements) await upsertPlacement(sql, { ...p, reportId: newId });
      return;
    }
  }
}

/**
 * The whole upsert: decide, optionally lose a provoked race, apply in a transaction, and read the result (`answer`)
 * inside that same transaction so the response shows exactly what was applied.
 */
export async function upsertByPublicId<T>(
  db: ControlDb,
  r: UpsertRequest,
  options: { provokeRace: boolean },
  answer: (sql: Sql, reportId: number) => Promise<T>,
): Promise<T> {
  const decision = await db.exclusive((sql) => decideUpsert(sql, r));
  if (options.provokeRace) await db.transaction((sql) => actAsConcurrentWriter(sql, decision, r));
  return db.transaction(async (sql) => answer(sql, await applyUpsert(sql, decision, r)));
}
