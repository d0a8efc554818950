/** What a caller may store: token and report field sizes, placements per workbook and report, live tokens, and UTF-8 bodies. */
import { errorBodySchema, metaSyncTokenResponseSchema, reportSchema, type Report } from '../../src/core/wire/schemas';
import { paths, SQL_QUERY_PATH } from '../../src/core/wire/wire-names';
import { MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS, MAX_QUERY_TEXT_BYTES, MAX_SECURITY_CONTEXT_BYTES } from '../../local-platform/body-limits';
import type { Sql } from '../../local-platform/database';
import {
  checkRoomForPlacement,
  MAX_LIVE_TOKENS_PER_USER,
  MAX_PLACEMENTS_PER_REPORT,
  MAX_PLACEMENTS_PER_WORKBOOK,
} from '../../local-platform/stored-growth';
import { platformPerFile } from '../helpers/platform-per-file';
import { VIEWER, call, type Answer } from './http';

let clock = Date.parse('2025-06-01T12:00:00.000Z');
const platform = platformPerFile({ now: () => clock });

const errorOf = (a: Answer, status: number): string => {
  expect(a.status).toBe(status);
  return errorBodySchema.parse(a.json).error;
};
const reportOf = (a: Answer): Report => {
  expect([200, 201]).toContain(a.status);
  return reportSchema.parse(a.json);
};
const create = (body: Record<string, unknown> = {}): Promise<Answer> =>
  call('POST', platform.url + paths.reports('101'), { body: { name: 'Growth', ...body } });
const read = async (id: number): Promise<Report> => reportOf(await call('GET', platform.url + paths.reportById('101', id)));
const issueToken = (securityContext: unknown, key = VIEWER): Promise<Answer> =>
  call('POST', platform.url + paths.metaSyncToken('101', '1011'), { key, body: { security_context: securityContext, expires_in: 60 } });

describe('meta-sync token requests', () => {
  it(`a security_context over ${MAX_SECURITY_CONTEXT_BYTES} bytes is a 413 naming it; one within it is issued`, async () => {
    const message = errorOf(await issueToken({ blob: 'x'.repeat(512 * 1024) }), 413);
    expect(message).toMatch(/security_context: \d+ bytes, more than the 8192 allowed/);
    metaSyncTokenResponseSchema.parse((await issueToken({ blob: 'x'.repeat(MAX_SECURITY_CONTEXT_BYTES - 100) })).json);
  });

  it(`a user holds at most ${MAX_LIVE_TOKENS_PER_USER} unexpired tokens (409 past it); expired ones make room`, async () => {
    clock += 3_600_000; // the earlier tests' tokens have expired
    for (let i = 0; i < MAX_LIVE_TOKENS_PER_USER; i++) expect((await issueToken({ n: i })).status).toBe(200);
    expect(errorOf(await issueToken({ n: 'one more' }), 409)).toMatch(/100 unexpired meta-sync tokens/);
    expect((await issueToken({}, 'dev-editor-key')).status).toBe(200);
    clock += 61_000;
    expect((await issueToken({ n: 'after expiry' })).status).toBe(200);
  });
});

describe('report fields', () => {
  it.each([
    ['name', MAX_NAME_CHARS],
    ['title', MAX_NAME_CHARS],
    ['description', MAX_DESCRIPTION_CHARS],
  ] as const)('a %s over %i characters is a 400 on create and update; the report stays as it was', async (field, max) => {
    expect(errorOf(await create({ [field]: 'n'.repeat(max + 1) }), 400)).toContain(`${field}: ${max + 1} characters, more than the ${max}`);
    const r = reportOf(await create({ [field]: 'n'.repeat(max) }));
    expect(
      errorOf(await call('PUT', platform.url + paths.reportById('101', r.id), { body: { [field]: 'm'.repeat(max + 1) } }), 400),
    ).toContain(field);
    expect((await read(r.id)).version).toBe(r.version);
  });

  it(`a sqlQuery over ${MAX_QUERY_TEXT_BYTES} bytes is a 413`, async () => {
    expect(errorOf(await create({ sqlQuery: `SELECT '${'x'.repeat(MAX_QUERY_TEXT_BYTES)}'` }), 413)).toMatch(/sqlQuery: \d+ bytes/);
  });
});

describe('placements', () => {
  const connect = (r: Report, workbook: string, placement: string): Promise<Answer> =>
    call('PUT', platform.url + paths.connectWorkbook('101', r.id), {
      key: VIEWER,
      body: { externalWorkbookId: workbook, placementId: placement, anchorCell: 'A1' },
    });

  it(`a report keeps at most ${MAX_PLACEMENTS_PER_WORKBOOK} placements per workbook (409 past it); existing ones still refresh`, async () => {
    const r = reportOf(await create());
    for (let i = 0; i < MAX_PLACEMENTS_PER_WORKBOOK; i++) expect((await connect(r, 'wb-cap', `p${i}`)).status).toBe(200);
    const message = errorOf(await connect(r, 'wb-cap', 'one-more'), 409);
    expect(message).toMatch(/already has 50 placements in this workbook/);
    expect((await read(r.id)).externalWorkbookPlacements).toHaveLength(MAX_PLACEMENTS_PER_WORKBOOK);
    expect((await connect(r, 'wb-cap', 'p0')).status).toBe(200);
    expect((await connect(r, 'wb-other', 'p0')).status).toBe(200);
  });

  it(`a report keeps at most ${MAX_PLACEMENTS_PER_REPORT} placements across workbooks`, async () => {
    // Counted by the store: a fake answers the two counts (filling a real report with 500 placements takes minutes).
    const sqlWith = (inWorkbook: number, inReport: number): Sql => ({
      all: (text) => Promise.resolve([{ n: text.includes('external_workbook_id') ? inWorkbook : inReport }]),
      run: () => Promise.resolve(),
    });
    await expect(checkRoomForPlacement(sqlWith(0, MAX_PLACEMENTS_PER_REPORT - 1), 7, 'wb')).resolves.toBeUndefined();
    await expect(checkRoomForPlacement(sqlWith(0, MAX_PLACEMENTS_PER_REPORT), 7, 'wb')).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/Report 7 already has 500 placements, the most a report keeps/),
    });
  });
});

describe('bodies that are not UTF-8', () => {
  const invalid = Buffer.concat([Buffer.from('{"name":"Bad '), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);
  const send = (method: string, url: string, bytes: Buffer, headers: Record<string, string>) =>
    fetch(url, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: new Uint8Array(bytes) });

  it('the control plane answers 400 and stores nothing (no U+FFFD)', async () => {
    const r = reportOf(await create());
    const res = await send('PUT', platform.url + paths.reportById('101', r.id), invalid, { Authorization: 'Bearer dev-editor-key' });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(await res.json()).error).toMatch(/not valid UTF-8/);
    expect(await read(r.id)).toMatchObject({ name: 'Growth', version: r.version });
  });

  it('the query API answers 400 UserError', async () => {
    const body = Buffer.concat([Buffer.from('{"query":"SELECT \''), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('\' AS s"}')]);
    const res = await send('POST', `${platform.url}/d/101${SQL_QUERY_PATH}`, body, { Authorization: VIEWER });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ type: 'UserError', error: 'Invalid query format: request body is not valid UTF-8' });
  });
});
