/** The query API route of each deployment (4.11) as mounted by the server: auth, 404, faults, CORS, and a report's SQL end to end. */
import { errorBodySchema, reportSchema, streamDataLineSchema, streamHeaderSchema } from '../../src/core/wire/schemas';
import { SQL_QUERY_PATH, paths } from '../../src/core/wire/wire-names';
import { platformPerFile } from '../helpers/platform-per-file';
import { ADMIN, EDITOR, VIEWER, call, freshPublicId, testPlatform } from './http';

const platform = platformPerFile();

const query = (
  deploymentId: string,
  authorization: string | null,
  body: unknown = { query: "SELECT 'x' AS a, 1 AS b" },
  headers: Record<string, string> = {},
) =>
  call('POST', `${platform.url}/d/${deploymentId}${SQL_QUERY_PATH}`, {
    key: null,
    body,
    headers: { ...headers, ...(authorization === null ? {} : { Authorization: authorization }) },
  });

const lines = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

describe('4.11 query API route', () => {
  it('4.11 answers at {deploymentUrl}/svcjs-api/v1/svcsql with a dev key, raw or Bearer', async () => {
    for (const authorization of [VIEWER, `Bearer ${EDITOR}`]) {
      const a = await query('101', authorization);
      expect(a.status).toBe(200);
      const [header, ...data] = lines(a.text);
      expect(streamHeaderSchema.parse(header).schema.map((c) => c.name)).toEqual(['a', 'b']);
      expect(data.flatMap((d) => streamDataLineSchema.parse(d).data)).toEqual([['x', '1']]);
    }
  });

  it('5.4 no credential and an unknown key are 403 {"error"}', async () => {
    for (const authorization of [null, 'nope', 'Bearer nope']) {
      const a = await query('101', authorization);
      expect(a.status).toBe(403);
      errorBodySchema.parse(a.json);
    }
  });

  it('an unknown deployment is a 404 to a valid key and the same 403 as any other to no or a wrong key; an admin-only deployment refuses the editor key and answers the admin key', async () => {
    expect((await query('999', EDITOR)).status).toBe(404);
    // Without a valid key an unknown deployment looks like any other: nothing to learn about which ids exist.
    for (const authorization of [null, 'nope']) {
      const [unknown, known] = [await query('999', authorization), await query('101', authorization)];
      expect([unknown.status, unknown.json]).toEqual([known.status, known.json]);
      expect(unknown.status).toBe(403);
    }
    expect((await query('103', EDITOR)).status).toBe(403);
    expect((await query('103', ADMIN)).status).toBe(200);
  });

  it('x-fault status=503 answers 503 {"error"} before the stream', async () => {
    const a = await query('101', EDITOR, undefined, { 'x-fault': 'status=503' });
    expect(a.status).toBe(503);
    errorBodySchema.parse(a.json);
  });

  it('responses carry CORS headers for an allowed origin', async () => {
    const a = await query('101', EDITOR, undefined, { Origin: 'https://localhost:3000' });
    expect(a.headers.get('access-control-allow-origin')).toBe('https://localhost:3000');
  });

  it("a report's sqlQuery saved through the control plane runs on its deployment's query API", async () => {
    const r = reportSchema.parse(
      (
        await call('PUT', platform.url + paths.reportByPublicId('101', freshPublicId()), {
          body: { name: 'By status', sqlQuery: 'SELECT status, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1' },
        })
      ).json,
    );
    const a = await query('101', EDITOR, { query: r.sqlQuery });
    expect(a.status).toBe(200);
    const [header, ...data] = lines(a.text);
    expect(streamHeaderSchema.parse(header).schema.map((c) => c.name)).toEqual(['status', 'orders']);
    const rows = data.flatMap((d) => streamDataLineSchema.parse(d).data);
    expect(rows.length).toBeGreaterThan(0);
    const total = rows.reduce((sum, row) => sum + Number(row[1]), 0);
    expect(total).toBe(2000);
  });
});

describe("faults are the query endpoint's only with --faults", () => {
  it('a query fault header is ignored when the platform runs without faults', async () => {
    const plain = await testPlatform({ faults: false, rows: 100 });
    try {
      const a = await call('POST', `${plain.url}/d/101${SQL_QUERY_PATH}`, {
        key: null,
        headers: { Authorization: EDITOR, 'x-fault': 'error-after-rows=0' },
        body: { query: "SELECT 'x' AS a" },
      });
      expect(a.status).toBe(200);
      expect(lines(a.text).some((l) => typeof l === 'object' && l !== null && 'error' in l)).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
