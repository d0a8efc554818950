/** What the user pastes to place an existing report (its number id, or a link to it on the tenant), parsed as plain text. */
import { AddinError } from '../errors/addin-error';
import { PUBLIC_ID_PATTERN } from '../wire/schemas';

/** A report named by the user: its platform id and, from a link, the deployment it is in. */
export interface ReportReference {
  reportId: number;
  /** The deployment the link names; null for a bare id (the workbook's deployment is meant). */
  deploymentId: string | null;
}

const EXPECTED =
  "Paste the report's number id (for example 42) or a link to it on your tenant, like https://your-tenant.example.com/api/v1/deployments/7/reports/42.";
const LINK = /^(https?):\/\/([^/?#\s]+)(\/[^?#\s]*)?(?:[?#]\S*)?$/i;
/** The report paths of the contract (4.9, 4.10): `.../deployments/{deploymentId}/reports/{reportId}[/connect-workbook]`. */
const REPORT_PATH = /\/deployments\/([0-9]+)\/reports\/([0-9]+)(?:\/connect-workbook)?\/?$/;
const PUBLIC_ID_PATH = /\/deployments\/[0-9]+\/reports\/by-public-id\/[^/]+\/?$/;

function invalid(message: string, field = 'reference'): AddinError {
  return new AddinError('validation', message, { data: { field } });
}

function reportIdOf(digits: string): number {
  const id = Number(digits);
  if (!Number.isSafeInteger(id) || id <= 0) throw invalid(`"${digits}" is not a report id. ${EXPECTED}`);
  return id;
}

/** `scheme://host[:port]` in lower case. */
function originOf(scheme: string, host: string): string {
  return `${scheme}://${host}`.toLowerCase();
}

/**
 * Parses `input` as a report id or link. A link must be on `tenantUrl` (the key signed in is sent to it) and name a
 * report by number: a public id cannot be read without edit rights (only its upsert takes it), so it is refused.
 */
export function parseReportReference(input: string, tenantUrl: string | null): ReportReference {
  const text = input.trim();
  if (text === '') throw invalid(`Nothing was pasted. ${EXPECTED}`);
  if (/^[0-9]+$/.test(text)) return { reportId: reportIdOf(text), deploymentId: null };
  if (PUBLIC_ID_PATTERN.test(text))
    throw invalid(`"${text}" looks like a report's public id, which cannot be placed by itself. ${EXPECTED}`);
  const link = LINK.exec(text);
  if (link === null) throw invalid(`"${text}" is neither a report id nor a link. ${EXPECTED}`);
  const [, scheme = '', host = '', path = ''] = link;
  if (tenantUrl !== null) {
    const tenant = LINK.exec(tenantUrl.trim());
    const tenantOrigin = tenant ? originOf(tenant[1] ?? '', tenant[2] ?? '') : tenantUrl.toLowerCase();
    if (originOf(scheme, host) !== tenantOrigin)
      throw invalid(
        `That link is on ${originOf(scheme, host)}, but you are signed in to ${tenantOrigin}. Paste a link from ${tenantOrigin}, or the report's number id.`,
      );
  }
  if (PUBLIC_ID_PATH.test(path))
    throw invalid(`That link names the report by its public id, which cannot be placed by itself. ${EXPECTED}`);
  const found = REPORT_PATH.exec(path);
  if (found === null) throw invalid(`That link does not point to a report. ${EXPECTED}`);
  return { reportId: reportIdOf(found[2] ?? ''), deploymentId: found[1] ?? null };
}
