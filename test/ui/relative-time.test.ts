// Relative refresh times and the number formats of the pane.
import { formatBytes, formatDuration, formatShape } from '../../src/ui/format-numbers';
import { refreshedLabel, timeAgo } from '../../src/ui/relative-time';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

test('timeAgo in words', () => {
  expect(timeAgo(ago(10_000), NOW)).toBe('just now');
  expect(timeAgo(ago(3 * 60_000), NOW)).toBe('3 min ago');
  expect(timeAgo(ago(59 * 60_000 + 59_000), NOW)).toBe('59 min ago');
  expect(timeAgo(ago(60 * 60_000), NOW)).toBe('1 hour ago');
  expect(timeAgo(ago(5 * 3_600_000), NOW)).toBe('5 hours ago');
  expect(timeAgo(ago(24 * 3_600_000), NOW)).toBe('1 day ago');
  expect(timeAgo(ago(-60_000), NOW)).toBe('just now'); // a clock slightly behind the host's
  expect(timeAgo('not a date', NOW)).toBeNull();
});

test('refreshedLabel', () => {
  expect(refreshedLabel(ago(3 * 60_000), NOW)).toBe('refreshed 3 min ago');
  expect(refreshedLabel(null, NOW)).toBe('never refreshed');
});

test('shapes, sizes and durations', () => {
  expect(formatShape(120, 3)).toBe('120 rows × 3 columns');
  expect(formatShape(1, 1)).toBe('1 row × 1 column');
  expect(formatShape(200000, 12)).toBe('200,000 rows × 12 columns');
  expect(formatBytes(512)).toBe('512 B');
  expect(formatBytes(20480)).toBe('20.0 KB');
  expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  expect(formatDuration(850)).toBe('850 ms');
  expect(formatDuration(1200)).toBe('1.2 s');
  expect(formatDuration(125_000)).toBe('2 min 5 s');
});
