/** The error view of kind 'internal': a bug in the add-in, said once, with what to include in the report. */
import { AddinError, BUG_REPORT_HINT, internalError } from '../../src/core/errors/addin-error';
import { toErrorView } from '../../src/ui/error-view';

it('titles an internal error as the add-in going wrong and does not repeat the report request its message makes', () => {
  const v = toErrorView(internalError(new RangeError('index 7 out of range')));
  expect(v.kind).toBe('internal');
  expect(v.title).toBe('Something went wrong in the add-in');
  expect(v.message).toContain('index 7 out of range');
  expect(v.message).toContain(BUG_REPORT_HINT);
  expect(v.hint).toBeNull();
});

it('asks for a bug report when an internal error arrives without one (from another runtime)', () => {
  expect(toErrorView(new AddinError('internal', 'Invariant broken.')).hint).toBe(BUG_REPORT_HINT);
  expect(toErrorView({ kind: 'internal', message: 'Invariant broken.' }).kind).toBe('internal');
});
