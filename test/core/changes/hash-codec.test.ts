/** Tests for packing 16-bit hashes into base64url text and reading them back. */
import fc from 'fast-check';
import { decodeHashes, encodeHashes } from '../../../src/core/changes/hash-codec';

describe('hash codec', () => {
  it('reads back every list of 16-bit values it packed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 200 }), (values) => {
        expect(decodeHashes(encodeHashes(values), values.length)).toEqual(values);
      }),
    );
  });

  it('packs 3 values into 8 characters of the URL-safe alphabet', () => {
    const text = encodeHashes([0xffff, 0x0000, 0xfbff]);
    expect(text).toHaveLength(8);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuses text with a foreign character or of the wrong length', () => {
    const text = encodeHashes([1, 2, 3, 4]);
    expect(decodeHashes(`${text.slice(0, -1)}=`, 4)).toBeNull();
    expect(decodeHashes(text, 5)).toBeNull();
    expect(decodeHashes(text, 3)).toBeNull();
  });
});
