/** A string of its own for one that may be a view of a stream's line. */
import { ownText, SLICE_VIEW_LENGTH } from '../../../src/core/ndjson/line-views';

test('gives back the same text, short or long, plain or not', () => {
  const line = `{"data":[["${'x'.repeat(40)}","Zürich 東京 🙂 and more text"]]}`;
  for (const text of [
    '',
    'a',
    'x'.repeat(SLICE_VIEW_LENGTH - 1),
    'x'.repeat(SLICE_VIEW_LENGTH),
    line.slice(12, 52),
    line.slice(55, 82),
    '"\\\u0000',
  ]) {
    expect(ownText(text)).toBe(text);
  }
});
