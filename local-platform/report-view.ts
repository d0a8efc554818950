/** Turns a stored report and its placements into the wire Report (2.8) as one caller sees it (canEdit/canManage, syncStatus). */
import type { ExternalWorkbookPlacement, Report } from '../src/core/wire/schemas';
import { SYNC_OUT_OF_DATE, SYNC_UP_TO_DATE } from '../src/core/wire/wire-names';
import type { Principal } from './auth';
import type { PlacementRecord, ReportRecord } from './report-record';
import { queryChecksum } from './report-record';
import { legacyPublicId } from './seed';

export interface UserView {
  id: number;
  email: string | null;
  firstName: string | null;
  picture: string | null;
}

export type UserDirectory = ReadonlyMap<number, UserView>;

/** Roles listed in `rolesWithAccess` (the contract shows the action `All`; the others are this platform's). */
const ROLES_WITH_ACCESS = [
  { id: 1, name: 'Admin', actions: ['All'] },
  { id: 2, name: 'Editor', actions: ['Read', 'Edit', 'Create'] },
  { id: 3, name: 'Viewer', actions: ['Read'] },
];

function placementView(p: PlacementRecord, currentChecksum: string): ExternalWorkbookPlacement {
  return {
    id: p.placementId,
    host: p.host === 'SPREADSHEET_2' ? 'SPREADSHEET_2' : 'SPREADSHEET_1',
    workbookId: p.externalWorkbookId,
    workbookName: p.workbookName,
    sheetId: p.sheetId,
    sheetName: p.sheetName,
    anchorCell: p.anchorCell,
    endResultCell: p.endResultCell,
    resultLocation: p.resultLocation,
    placedAt: p.placedAt,
    refreshedAt: p.refreshedAt,
    placedByUserId: p.placedBy,
    refreshedByUserId: p.refreshedBy,
    queryChecksum: p.queryChecksum,
    syncStatus: p.queryChecksum === currentChecksum ? SYNC_UP_TO_DATE : SYNC_OUT_OF_DATE,
  };
}

export function reportView(r: ReportRecord, placements: readonly PlacementRecord[], caller: Principal, users: UserDirectory): Report {
  const checksum = queryChecksum(r);
  const pivot = r.pivotItems ?? { rows: [], columns: [], measures: [], filters: [] };
  return {
    id: r.id,
    publicId: r.publicId ?? (r.legacyRef === null ? null : legacyPublicId(r.legacyRef)),
    deploymentId: Number(r.deploymentId),
    name: r.name,
    title: r.title,
    description: r.description,
    type: r.type,
    source: r.source,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    createdBy: r.createdBy,
    userId: r.createdBy,
    refreshedBy: r.updatedBy,
    user: users.get(r.createdBy) ?? null,
    refreshedByUser: users.get(r.updatedBy) ?? null,
    canEdit: caller.rights.edit,
    canManage: caller.rights.manage || (caller.rights.edit && r.createdBy === caller.user.id),
    currentQueryChecksum: checksum,
    jsonQuery: r.jsonQuery,
    sqlQuery: r.sqlQuery,
    meta: r.meta,
    pivotItems: { ...pivot, measuresAxis: 'columns', measuresPosition: 'before' },
    folderId: r.folderId,
    workbookId: r.workbookId,
    externalWorkbookId: r.externalWorkbookId,
    resultLocation: r.resultLocation,
    endResultCell: r.endResultCell,
    version: r.version,
    rolesWithAccess: ROLES_WITH_ACCESS,
    externalWorkbookPlacements: placements.map((p) => placementView(p, checksum)),
  };
}
