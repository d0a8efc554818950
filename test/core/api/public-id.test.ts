/** Tests of publicId minting: alphabet, length, rejection of biased bytes, and a chi-square check of uniformity that can fail. */
import fc from 'fast-check';
import { PUBLIC_ID_ALPHABET, REJECT_FROM, isValidPublicId, mintPublicId, publicIdProblem } from '../../../src/core/api/public-id';
import { seededBytes } from '../../helpers/contract-fake-clock';

/** Byte source that replays `bytes` (then zeros). */
function replay(bytes: number[]): (n: number) => Uint8Array {
  let i = 0;
  return (n) => Uint8Array.from({ length: n }, () => bytes[i++] ?? 0);
}

/** The naive, biased minting a reviewer might write: byte % 62 with no rejection. */
function naiveModuloId(randomBytes: (n: number) => Uint8Array): string {
  return [...randomBytes(12)].map((b) => PUBLIC_ID_ALPHABET.charAt(b % 62)).join('');
}

/** Pearson chi-square of the character counts of `ids` against the uniform distribution over the alphabet. */
function chiSquare(ids: string[]): number {
  const counts = new Map<string, number>([...PUBLIC_ID_ALPHABET].map((c) => [c, 0]));
  let n = 0;
  for (const id of ids)
    for (const c of id) {
      counts.set(c, (counts.get(c) ?? 0) + 1);
      n++;
    }
  const expected = n / PUBLIC_ID_ALPHABET.length;
  let x2 = 0;
  for (const count of counts.values()) x2 += (count - expected) ** 2 / expected;
  return x2;
}

/** 99.9% critical value of chi-square with 61 degrees of freedom. */
const CRITICAL_61_DOF_999 = 99.6;
/** Enough ids for 62 * 2000 characters. */
const DRAWS = Math.ceil((62 * 2000) / 12);

describe('mintPublicId', () => {
  it('has 62 distinct alphabet characters and rejects from 248 = 4 * 62', () => {
    expect(new Set(PUBLIC_ID_ALPHABET).size).toBe(62);
    expect(REJECT_FROM).toBe(248);
  });

  it('always gives 12 characters of [0-9A-Za-z], valid by the contract pattern', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (pool) => {
        const id = mintPublicId(replay([...pool, ...Array.from({ length: 64 }, (_, i) => i)]));
        return id.length === 12 && /^[0-9A-Za-z]{12}$/.test(id) && isValidPublicId(id);
      }),
    );
  });

  it('skips bytes 248-255 and maps the others by value mod 62', () => {
    expect(mintPublicId(replay([248, 255, 0, 61, 62, 247, 250, 10, 36, 35, 1, 2, 3, 4, 5]))).toBe('0z0z' + 'AaZ12345');
  });

  it('throws on a byte source that never gives a usable byte', () => {
    expect(() => mintPublicId((n) => new Uint8Array(n).fill(255))).toThrow(/no usable bytes/);
  });

  it('is uniform: chi-square over 62 * 2000 characters stays below the 99.9% critical value', () => {
    const bytes = seededBytes(20240601);
    const ids = Array.from({ length: DRAWS }, () => mintPublicId(bytes));
    expect(chiSquare(ids)).toBeLessThan(CRITICAL_61_DOF_999);
  });

  it('the same check catches a naive modulo implementation (so the check can fail)', () => {
    const bytes = seededBytes(20240601);
    const ids = Array.from({ length: DRAWS }, () => naiveModuloId(bytes));
    expect(chiSquare(ids)).toBeGreaterThan(CRITICAL_61_DOF_999);
  });
});

describe('isValidPublicId and publicIdProblem', () => {
  it('accepts exactly 12 alphanumerics', () => {
    expect(isValidPublicId('abcDEF123456')).toBe(true);
    expect(publicIdProblem('abcDEF123456')).toBeUndefined();
  });

  it('rejects wrong lengths and characters, saying what is wrong', () => {
    expect(isValidPublicId('abcDEF12345')).toBe(false);
    expect(isValidPublicId('abcDEF1234567')).toBe(false);
    expect(isValidPublicId('abcDEF12345-')).toBe(false);
    expect(isValidPublicId('abcDEF12345\n')).toBe(false);
    expect(publicIdProblem('abc')).toMatch(/3 characters: it must have exactly 12/);
    expect(publicIdProblem('abcDEF12345-')).toMatch(/contains "-"/);
    expect(publicIdProblem('abcDEF12345é')).toMatch(/contains "é"/);
  });

  it('rejects any string containing a character outside the alphabet', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 12, maxLength: 12 }).filter((s) => [...s].some((c) => !PUBLIC_ID_ALPHABET.includes(c))),
        (s) => !isValidPublicId(s),
      ),
    );
  });
});
