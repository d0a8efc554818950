/** utf8ByteLength agrees with a real UTF-8 encoder and counts split surrogate pairs correctly. */
import fc from 'fast-check';
import { utf8ByteLength } from '../../../src/core/ndjson/utf8-length';

describe('utf8ByteLength', () => {
  it('matches Buffer.byteLength on well-formed text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => utf8ByteLength(s) === Buffer.byteLength(s, 'utf8')));
    expect(utf8ByteLength('Zürich 東京 😀')).toBe(Buffer.byteLength('Zürich 東京 😀'));
    expect(utf8ByteLength('')).toBe(0);
  });

  it('counts a surrogate pair as 4 bytes even when its halves are counted apart', () => {
    const pair = '😀';
    expect(utf8ByteLength(pair.slice(0, 1)) + utf8ByteLength(pair.slice(1))).toBe(4);
  });
});
