/** An unexpected exception inside a run (not an AddinError) surfaces as kind 'internal', asking for a bug report. */
import { BUG_REPORT_HINT } from '../../../src/core/errors/addin-error';
import { addinRejection } from '../../helpers/caught-error';
import { draft, numbered, rig } from './fakes';

const SQL = 'SELECT k FROM t';

function failingTitles(): never {
  throw new TypeError('titles is not a function');
}

describe('unexpected errors in a run', () => {
  it('surface from an insert as internal, with the cause and what to report, and leave nothing behind', async () => {
    const r = rig({}, { titles: failingTitles });
    r.queries.set(SQL, numbered(3));
    const e = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }));
    expect(e.kind).toBe('internal');
    expect(e.message).toContain('titles is not a function');
    expect(e.message).toContain(BUG_REPORT_HINT);
    expect(e.cause).toBeInstanceOf(TypeError);
    expect(r.reports.calls).toEqual([]);
    expect(await r.orch.list()).toEqual([]);
  });

  it('are kept on the placement as its last error when a refresh meets one', async () => {
    let fail = false;
    const r = rig({}, { titles: () => (fail ? failingTitles() : undefined) });
    r.queries.set(SQL, numbered(3));
    const placed = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    fail = true;
    const e = await addinRejection(r.orch.refresh(placed.placementId));
    expect(e.kind).toBe('internal');
    const [listed] = await r.orch.list();
    expect(listed?.record.lastError).toEqual(expect.objectContaining({ kind: 'internal', message: e.message }));
  });
});
