/** The platform's literal wire names (product prefix, paths, host values): the one place to change them. */

/** Product prefix the contract writes literally as `svc`. */
export const PRODUCT_PREFIX = 'svc';

/** Spreadsheet host values of the contract (2.8, 2.9). */
export const HOST_EXCEL = 'SPREADSHEET_1';
export const HOST_SHEETS = 'SPREADSHEET_2';
export const SPREADSHEET_HOSTS = [HOST_EXCEL, HOST_SHEETS] as const;
export const REPORT_SOURCES = [HOST_EXCEL, HOST_SHEETS, 'PLAYGROUND', 'CHARTS'] as const;
export const REPORT_TYPES = ['FOLDER', 'WORKBOOK', 'REPORT'] as const;
export const ENVIRONMENT_TYPES = ['production', 'staging', 'development'] as const;
export const CACHE_MODES = ['stale-if-slow', 'stale-while-revalidate', 'must-revalidate', 'no-cache'] as const;

/** Known `syncStatus` of a placement; the contract names only UP_TO_DATE, the local platform also answers OUT_OF_DATE. */
export const SYNC_UP_TO_DATE = 'UP_TO_DATE';
export const SYNC_OUT_OF_DATE = 'OUT_OF_DATE';

/** 409 codes of the report upsert (7.3). */
export const CODE_UPSERT_BRANCH_CHANGED = 'upsert_branch_changed';
export const CODE_AMBIGUOUS_LEGACY_ID = 'ambiguous_legacy_id';

/** Error text of the query API while a result is pending (wire-facts). */
export const CONTINUE_WAIT_TEXT = 'Continue wait';

/** Request header carrying the span id of one user action. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Control plane root under the tenant URL. */
export const CONTROL_PLANE_ROOT = '/api/v1';

/** Query API path under a deployment's `deploymentUrl` (4.11). */
export const SQL_QUERY_PATH = `/${PRODUCT_PREFIX}js-api/v1/${PRODUCT_PREFIX}sql`;

/** Metadata route under an environment's `api_credentials.rest.url` (wire-facts). */
export const META_PATH = '/meta';

const seg = (s: string | number): string => encodeURIComponent(String(s));

/** Control plane paths relative to the tenant URL. */
export const paths = {
  deployments: (): string => `${CONTROL_PLANE_ROOT}/deployments`,
  environments: (deploymentId: string | number): string => `${CONTROL_PLANE_ROOT}/deployments/${seg(deploymentId)}/environments`,
  metaSyncToken: (deploymentId: string | number, environmentId: string | number): string =>
    `${CONTROL_PLANE_ROOT}/deployments/${seg(deploymentId)}/environments/${seg(environmentId)}/tokens-for-meta-sync`,
  reports: (deploymentId: string | number): string => `${CONTROL_PLANE_ROOT}/deployments/${seg(deploymentId)}/reports`,
  reportById: (deploymentId: string | number, reportId: number): string =>
    `${CONTROL_PLANE_ROOT}/deployments/${seg(deploymentId)}/reports/${seg(reportId)}`,
  reportByPublicId: (deploymentId: string | number, publicId: string): string =>
    `${CONTROL_PLANE_ROOT}/deployments/${seg(deploymentId)}/reports/by-public-id/${seg(publicId)}`,
  connectWorkbook: (deploymentId: string | number, reportId: number): string =>
    `${CONTROL_PLANE_ROOT}/deployments/${seg(deploymentId)}/reports/${seg(reportId)}/connect-workbook`,
  spec: (): string => `${CONTROL_PLANE_ROOT}/spec`,
} as const;
