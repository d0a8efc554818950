/** Tests for matching members to result columns and looking up titles. */
import { lookupTitle, memberMatchLevel, resolveMemberColumn } from '../../../src/core/cells/member-match';

describe('member matching', () => {
  it('ranks exact, view-prefix and case-insensitive matches', () => {
    expect(memberMatchLevel('orders.status', 'orders.status')).toBe(1);
    expect(memberMatchLevel('orders.status', 'status')).toBe(2);
    expect(memberMatchLevel('status', 'orders.status')).toBe(2);
    expect(memberMatchLevel('orders.createdAt', 'createdat')).toBe(4);
    expect(memberMatchLevel('orders.status', 'users.status')).toBe(0);
  });

  it('prefers the best level when several columns match', () => {
    const cols = [{ name: 'status' }, { name: 'orders.status' }];
    expect(resolveMemberColumn(cols, 'orders.status')).toBe(1);
    expect(resolveMemberColumn(cols, 'status')).toBe(0);
  });

  it('looks titles up by member, then column, then by the member rule', () => {
    expect(lookupTitle({ 'orders.status': 'Status' }, 'status')).toBe('Status');
    expect(lookupTitle({ status: 'S', 'orders.status': 'OS' }, 'orders.status', 'status')).toBe('OS');
    expect(lookupTitle({ 'a.x': 'A', 'b.x': 'B' }, 'x')).toBeUndefined();
    expect(lookupTitle({}, 'constructor')).toBeUndefined();
    expect(lookupTitle(undefined, 'x')).toBeUndefined();
  });
});
