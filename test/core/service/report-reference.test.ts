/** parseReportReference: the report ids and links a user may paste to place an existing report, and what is refused. */
import { parseReportReference } from '../../../src/core/service/report-reference';
import { thrownBy } from '../../helpers/caught-error';
import { AddinError } from '../../../src/core/errors/addin-error';

const TENANT = 'https://acme.example.com';

describe('parseReportReference', () => {
  it.each([
    ['42', { reportId: 42, deploymentId: null }],
    ['  42\n', { reportId: 42, deploymentId: null }],
    [`${TENANT}/api/v1/deployments/7/reports/42`, { reportId: 42, deploymentId: '7' }],
    [`${TENANT}/api/v1/deployments/7/reports/42/`, { reportId: 42, deploymentId: '7' }],
    [`${TENANT}/api/v1/deployments/7/reports/42/connect-workbook`, { reportId: 42, deploymentId: '7' }],
    [`${TENANT}/api/v1/deployments/7/reports/42?tab=sql#top`, { reportId: 42, deploymentId: '7' }],
    ['HTTPS://ACME.example.com/api/v1/deployments/7/reports/42', { reportId: 42, deploymentId: '7' }],
  ])('reads %j', (input, expected) => {
    expect(parseReportReference(input, TENANT)).toEqual(expected);
  });

  it('reads a link of any tenant when no tenant is known', () => {
    expect(parseReportReference('http://localhost:4000/api/v1/deployments/101/reports/3', null)).toEqual({
      reportId: 3,
      deploymentId: '101',
    });
  });

  it.each([
    ['', /Nothing was pasted/],
    ['0', /"0" is not a report id/],
    ['99999999999999999999', /is not a report id/],
    ['Orders by status', /neither a report id nor a link/],
    ['AbCdEf123456', /public id/],
    [`${TENANT}/api/v1/deployments/7/reports/by-public-id/AbCdEf123456`, /public id/],
    [`${TENANT}/api/v1/deployments/7/reports`, /does not point to a report/],
    [`${TENANT}/api/v1/deployments/7/environments/3`, /does not point to a report/],
    [
      'https://evil.example.com/api/v1/deployments/7/reports/42',
      /on https:\/\/evil\.example\.com, but you are signed in to https:\/\/acme\.example\.com/,
    ],
    ['http://acme.example.com/api/v1/deployments/7/reports/42', /signed in to https:\/\/acme/],
    ['ftp://acme.example.com/reports/42', /neither a report id nor a link/],
  ])('refuses %j with a message naming what is expected', (input, message) => {
    const e = thrownBy(() => parseReportReference(input, TENANT), AddinError);
    expect(e.kind).toBe('validation');
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/number id/);
  });
});
