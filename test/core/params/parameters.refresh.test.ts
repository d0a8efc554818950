/**
 * Filters bound to cells, run by the Orchestrator over MemoryHost: the cells read before anything else, typed by the
 * member, compiled into the query, kept per placement, followed through inserted rows, and the out-of-date check.
 */
import { changedParameters } from '../../../src/core/params/parameter-changes';
import { emptyBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { compileBuilder } from '../../../src/core/builder/compile';
import { loadRegistry } from '../../../src/core/placements/placement-record';
import { compileWithParameters } from '../../../src/core/service/parameter-compiler';
import { parameterAreaId } from '../../../src/core/params/parameter-binding';
import { buildMeta } from '../../../local-platform/warehouse/model-meta';
import { SEMANTIC_MODEL } from '../../../local-platform/warehouse/semantic-model';
import { cells, numbered, rig } from '../placements/fakes';
import { addinRejection } from '../../helpers/caught-error';

const meta = buildMeta(SEMANTIC_MODEL);

function state(from: string, status = 'completed'): BuilderState {
  return {
    ...emptyBuilderState(),
    view: 'orders',
    measures: ['orders.count'],
    rows: ['orders.status'],
    filters: [
      { member: 'orders.created_at', operator: 'gt', values: [from] },
      { member: 'orders.status', operator: 'equals', values: [status] },
    ],
  };
}

const sqlOf = (s: BuilderState) => compileBuilder(s, meta).sqlQuery;

async function setUp() {
  const r = rig({}, { parameters: (context, report, bound) => compileWithParameters(context, report, bound, async () => meta) });
  const inputs = r.model.addSheet('Inputs');
  const first = state('2025-01-01');
  r.queries.set(sqlOf(first), numbered(2, 'a'));
  const out = await r.orch.insert(
    {
      deploymentId: '7',
      environmentId: '3',
      name: 'Orders',
      sqlQuery: sqlOf(first),
      meta: { mode: 'builder', builderState: first },
    },
    { sheetId: r.sheet, row: 1, col: 1 },
  );
  r.model.setValue(inputs.id, 1, 1, 46023); // 2026-01-01 as a date serial
  await r.orch.bindParameters(
    out.placementId,
    [{ filter: 0, value: 0, member: 'orders.created_at', type: 'time', ref: 'Inputs!B2' }],
    r.sheet,
  );
  return { ...r, inputs: inputs.id, id: out.placementId };
}

describe('a filter bound to a cell', () => {
  it('is kept in the placement record, tracked by the host, and runs with the cell value typed as a date', async () => {
    const r = await setUp();
    const [bound] = await loadRegistry(r.host.documentStore);
    expect(bound?.parameters).toEqual([
      {
        id: 'b1',
        filter: 0,
        value: 0,
        member: 'orders.created_at',
        type: 'time',
        ref: 'Inputs!B2',
        range: { sheetId: r.inputs, row: 1, col: 1, rows: 1, cols: 1 },
      },
    ]);
    expect(r.model.area(parameterAreaId(r.id, 'b1'))).toEqual({ sheetId: r.inputs, row: 1, col: 1, rows: 1, cols: 1 });
    const next = sqlOf(state('2026-01-01'));
    r.queries.set(next, numbered(3, 'n'));
    await r.orch.refresh(r.id);
    expect(r.queries.calls.at(-1)?.query).toBe(next);
    expect(next).toContain("TIMESTAMP '2026-01-01'");
    expect(r.model.getValue(r.sheet, 4, 1)).toBe('n2');
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record?.parameters?.[0]?.lastValues).toEqual(['2026-01-01']);
    // The platform's saved definition keeps its own value: the binding belongs to this placement only.
    expect(r.reports.calls.filter((c) => c.method === 'upsertReport')).toHaveLength(1);
  });

  it('moves with rows inserted above it, and the out-of-date check names the cell where it is now', async () => {
    const r = await setUp();
    r.queries.set(sqlOf(state('2026-01-01')), numbered(1));
    await r.orch.refresh(r.id);
    expect(changedParameters(await r.orch.parameterStatuses())).toEqual([]);
    r.model.insertRows(r.inputs, 0, 2);
    expect(r.model.area(parameterAreaId(r.id, 'b1'))).toMatchObject({ row: 3, col: 1 });
    expect(changedParameters(await r.orch.parameterStatuses())).toEqual([]);
    r.model.setValue(r.inputs, 3, 1, '2026-02-15');
    expect(changedParameters(await r.orch.parameterStatuses())).toEqual([{ placementId: r.id, cells: ['Inputs!B4'] }]);
    const moved = sqlOf(state('2026-02-15'));
    r.queries.set(moved, numbered(1, 'm'));
    await r.orch.refresh(r.id);
    expect(r.queries.calls.at(-1)?.query).toBe(moved);
    expect(changedParameters(await r.orch.parameterStatuses())).toEqual([]);
  });

  it.each([
    ['empty', null, /The parameter cell Inputs!B2 is empty/],
    ['blank text', '   ', /The parameter cell Inputs!B2 is empty/],
    ['wrong-typed', 'next week', /The parameter cell Inputs!B2 holds "next week", not a date/],
    ['a date with a zone suffix', '2026-01-01T00:00:00Z', /Inputs!B2 holds "2026-01-01T00:00:00Z", not a date/],
  ])('stops the run before any query or write when the cell is %s', async (_what, value, message) => {
    const r = await setUp();
    r.model.setValue(r.inputs, 1, 1, value);
    const before = cells(r.model);
    const queries = r.queries.calls.length;
    const connects = r.reports.connects().length;
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.kind).toBe('validation');
    expect(e.message).toMatch(message);
    expect(e.data).toMatchObject({ cell: 'Inputs!B2' });
    expect(r.queries.calls).toHaveLength(queries);
    expect(r.reports.connects()).toHaveLength(connects);
    expect(cells(r.model)).toEqual(before);
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record?.lastError?.message).toMatch(message);
  });

  it('stops the run naming the cell when its row was deleted, and the check reports it as changed', async () => {
    const r = await setUp();
    r.queries.set(sqlOf(state('2026-01-01')), numbered(1));
    await r.orch.refresh(r.id);
    r.model.deleteRows(r.inputs, 1, 1);
    const queries = r.queries.calls.length;
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.message).toMatch(/The parameter cell Inputs!B2 was deleted/);
    expect(r.queries.calls).toHaveLength(queries);
    expect(changedParameters(await r.orch.parameterStatuses())).toEqual([{ placementId: r.id, cells: ['Inputs!B2'] }]);
  });

  it('is refused when the report no longer has the bound filter on that member', async () => {
    const r = await setUp();
    await r.orch.bindParameters(r.id, [{ filter: 1, value: 0, member: 'orders.created_at', type: 'time', ref: 'Inputs!B2' }], null);
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.message).toMatch(/The filter bound to Inputs!B2 \(orders.created_at\) is no longer in the report/);
  });

  it('refuses a reference to a missing sheet or a range for one value, and binds a list to a range', async () => {
    const r = await setUp();
    const gone = await addinRejection(
      r.orch.bindParameters(r.id, [{ filter: 1, value: 0, member: 'orders.status', type: 'string', ref: 'Nope!A1' }], null),
    );
    expect(gone.message).toMatch(/No sheet named "Nope"/);
    const range = await addinRejection(
      r.orch.bindParameters(r.id, [{ filter: 1, value: 0, member: 'orders.status', type: 'string', ref: 'Inputs!A1:A3' }], null),
    );
    expect(range.message).toMatch(/is a range/);
    r.model.setRange(r.inputs, 0, 0, [['completed'], [null], ['returned']]);
    await r.orch.bindParameters(r.id, [{ filter: 1, value: 'list', member: 'orders.status', type: 'string', ref: 'A1:A3' }], r.inputs);
    expect(r.model.area(parameterAreaId(r.id, 'b1'))).toMatchObject({ sheetId: r.inputs, rows: 3, cols: 1 });
    const listed = state('2025-01-01');
    listed.filters[1] = { member: 'orders.status', operator: 'equals', values: ['completed', 'returned'] };
    r.queries.set(sqlOf(listed), numbered(1, 'l'));
    await r.orch.refresh(r.id);
    expect(r.queries.calls.at(-1)?.query).toBe(sqlOf(listed));
  });

  it('stops being tracked when its placement is removed', async () => {
    const r = await setUp();
    await r.orch.remove(r.id, { clearCells: false });
    expect(r.model.area(parameterAreaId(r.id, 'b1'))).toBeUndefined();
  });
});
