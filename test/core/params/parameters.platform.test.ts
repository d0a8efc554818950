/**
 * Bound cells run on the local platform's DuckDB: a cell's text enters the SQL as a literal of its member's type, so
 * injection-like text is just a value; a bound date filters as the same date typed in the builder, in any time zone.
 */
import { emptyBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { compileBuilder } from '../../../src/core/builder/compile';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import type { Scalar } from '../../../src/core/host';
import { readBoundValues } from '../../../src/core/params/bound-values';
import type { ParameterBinding } from '../../../src/core/params/parameter-binding';
import { compileWithParameters } from '../../../src/core/service/parameter-compiler';
import { reportSchema } from '../../../src/core/wire/schemas';
import { SQL_QUERY_PATH } from '../../../src/core/wire/wire-names';
import { buildMeta } from '../../../local-platform/warehouse/model-meta';
import { SEMANTIC_MODEL } from '../../../local-platform/warehouse/semantic-model';
import { call, EDITOR } from '../../local-platform/http';
import { platformPerFile } from '../../helpers/platform-per-file';

const platform = platformPerFile();
const meta = buildMeta(SEMANTIC_MODEL);

async function rows(sql: string, timezone = 'UTC'): Promise<unknown[][]> {
  const answer = await call('POST', `${platform.url}/d/101${SQL_QUERY_PATH}`, { key: EDITOR, body: { query: sql, timezone } });
  const lines = answer.text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { data?: unknown[][]; error?: string });
  const error = lines.find((l) => l.error !== undefined);
  if (error) throw new Error(`${error.error ?? ''}\n${sql}`);
  return lines.flatMap((l) => l.data ?? []);
}

const count = async (sql: string, timezone?: string) => Number((await rows(sql, timezone))[0]?.[0] ?? 0);

function stateWith(filter: BuilderState['filters'][number]): BuilderState {
  return { ...emptyBuilderState(), view: 'orders', measures: ['orders.count'], filters: [filter] };
}

/** The SQL a report filtered by `filter` runs when its first value is bound to a cell holding `value`. */
async function boundSql(filter: BuilderState['filters'][number], type: ParameterBinding['type'], value: Scalar): Promise<string> {
  const model = new WorkbookModel({ name: 'Params.xlsx' });
  const host = new MemoryHost(model, { mintWorkbookId: () => 'wb-params' });
  const inputs = model.addSheet('Inputs');
  model.setValue(inputs.id, 1, 1, value);
  const binding: ParameterBinding = {
    id: 'b1',
    filter: 0,
    value: 0,
    member: filter.member,
    type,
    ref: 'Inputs!B2',
    range: { sheetId: inputs.id, row: 1, col: 1, rows: 1, cols: 1 },
  };
  const bound = await readBoundValues('p1', [binding], await host.layout(), (ranges) => host.snapshot(ranges));
  const state = stateWith(filter);
  const report = reportSchema.parse({
    id: 1,
    publicId: 'r1params0000',
    deploymentId: 101,
    name: 'Orders',
    type: 'REPORT',
    sqlQuery: compileBuilder(state, meta).sqlQuery,
    meta: { mode: 'builder', builderState: state },
  });
  const compiled = await compileWithParameters({ deploymentId: '101', environmentId: 'e' }, report, bound, async () => meta);
  return compiled.sqlQuery ?? '';
}

describe('bound cells on the platform', () => {
  const total = () => count('SELECT COUNT(*) FROM wh_orders');

  it.each([["'; DROP TABLE wh_orders; --"], ["=cmd|' /C calc'!A0"], ["completed' OR '1'='1"]])(
    'take %j as a text value: it matches no status and drops nothing',
    async (text) => {
      const before = await total();
      expect(before).toBeGreaterThan(0);
      const sql = await boundSql({ member: 'orders.status', operator: 'equals', values: ['x'] }, 'string', text);
      expect(await count(sql)).toBe(0);
      const contains = await boundSql({ member: 'orders.status', operator: 'contains', values: ['x'] }, 'string', text);
      expect(await count(contains)).toBe(0);
      expect(await total()).toBe(before);
    },
  );

  it('refuses injection-like text in a number or date cell before any SQL is built', async () => {
    await expect(boundSql({ member: 'orders.amount', operator: 'gt', values: ['1'] }, 'number', '1; DROP TABLE wh_orders')).rejects.toThrow(
      /Inputs!B2 holds "1; DROP TABLE wh_orders", not a number/,
    );
    await expect(
      boundSql({ member: 'orders.created_at', operator: 'gt', values: ['2024-01-01'] }, 'time', "2024-01-01'; DROP TABLE wh_orders; --"),
    ).rejects.toThrow(/not a date/);
  });

  it('filters a bound number as the same number typed in the builder', async () => {
    const typed = compileBuilder(stateWith({ member: 'orders.amount', operator: 'gt', values: ['250.5'] }), meta).sqlQuery;
    const bound = await boundSql({ member: 'orders.amount', operator: 'gt', values: ['1'] }, 'number', 250.5);
    expect(bound).toBe(typed);
    expect(await count(bound)).toBe(await count('SELECT COUNT(*) FROM wh_orders WHERE amount > 250.5'));
  });

  it.each(['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles'])(
    'filters a bound date cell (a serial, with and without a time) as the same date typed in the builder, in %s',
    async (timezone) => {
      const filter = { member: 'orders.created_at', operator: 'gt' as const, values: ['2000-01-01'] };
      const typedDay = compileBuilder(stateWith({ ...filter, values: ['2024-03-31'] }), meta).sqlQuery;
      const serialDay = await boundSql(filter, 'time', 45382); // 2024-03-31
      expect(serialDay).toBe(typedDay);
      expect(await count(serialDay, timezone)).toBe(await count(typedDay, timezone));
      const typedTime = compileBuilder(stateWith({ ...filter, values: ['2024-03-31 23:30:00'] }), meta).sqlQuery;
      const serialTime = await boundSql(filter, 'time', 45382 + 23.5 / 24);
      expect(serialTime).toBe(typedTime);
      const textDay = await boundSql(filter, 'time', '2024-03-31');
      expect(textDay).toBe(typedDay);
    },
  );
});
