/** Tests for the wire schemas: the contract's enumerations, publicId pattern and tolerant header parsing. */
import {
  columnTypeName,
  reportUpsertBodySchema,
  sqlQueryRequestSchema,
  streamHeaderSchema,
  reportSchema,
  PUBLIC_ID_PATTERN,
} from '../../../src/core/wire/schemas';
import { SQL_QUERY_PATH, paths } from '../../../src/core/wire/wire-names';

describe('wire schemas', () => {
  it('spells the query path and control-plane paths with the svc prefix', () => {
    expect(SQL_QUERY_PATH).toBe('/svcjs-api/v1/svcsql');
    expect(paths.reportByPublicId(7, 'abcDEF123456')).toBe('/api/v1/deployments/7/reports/by-public-id/abcDEF123456');
    expect(paths.connectWorkbook('7', 42)).toBe('/api/v1/deployments/7/reports/42/connect-workbook');
  });

  it('accepts exactly 12 alphanumerics as a publicId', () => {
    expect(PUBLIC_ID_PATTERN.test('abcDEF123456')).toBe(true);
    expect(PUBLIC_ID_PATTERN.test('abcDEF12345')).toBe(false);
    expect(PUBLIC_ID_PATTERN.test('abcDEF12345_')).toBe(false);
    expect(reportUpsertBodySchema.safeParse({ publicId: 'abcDEF12345é' }).success).toBe(false);
  });

  it('rejects undocumented keys in the SQL request body', () => {
    expect(sqlQueryRequestSchema.safeParse({ query: 'select 1', limit: 5 }).success).toBe(false);
    expect(sqlQueryRequestSchema.safeParse({ query: 'select 1', cache: 'no-cache', throwContinueWait: true }).success).toBe(true);
  });

  it('reads object column types by their key and ignores unknown header keys', () => {
    const h = streamHeaderSchema.parse({ schema: [{ name: 'd', column_type: { Decimal: [10, 2] }, currency: 'USD' }], futureKey: 1 });
    expect(columnTypeName(h.schema[0]!.column_type)).toBe('Decimal');
    expect(h).not.toHaveProperty('futureKey');
  });

  it('rejects a report whose source is not a contract value', () => {
    expect(reportSchema.safeParse({ id: 1, deploymentId: 2, name: 'x', source: 'SPREADSHEET_3' }).success).toBe(false);
    expect(reportSchema.safeParse({ id: 1, deploymentId: 2, name: 'x', source: 'SPREADSHEET_2' }).success).toBe(true);
  });
});
