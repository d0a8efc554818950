/** The memo of one-column tiles' text chains. */
import { TextChainMemo } from '../../../src/core/changes/text-chain-memo';

/** A chain function that counts its calls per text. */
function counting(): { chainOf: (text: string) => number; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  return {
    calls,
    chainOf: (text) => {
      calls.set(text, (calls.get(text) ?? 0) + 1);
      let h = 7;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 31);
      return h;
    },
  };
}

test('a repeated text is hashed once and its chain given back each time', () => {
  const memo = new TextChainMemo();
  const { chainOf, calls } = counting();
  const expected = ['Shipped', 'Pending', 'Shipped', 'Shipped', 'Pending'].map((t) => [t, chainOf(t)] as const);
  calls.clear();
  for (const [text, chain] of expected) expect(memo.chain(text, chainOf)).toBe(chain);
  expect(Object.fromEntries(calls)).toEqual({ Shipped: 1, Pending: 1 });
});

test('a long text is hashed every time', () => {
  const memo = new TextChainMemo();
  const { chainOf, calls } = counting();
  const long = 'y'.repeat(65);
  memo.chain(long, chainOf);
  memo.chain(long, chainOf);
  expect(calls.get(long)).toBe(2);
});

test('a column of distinct texts past what it keeps still gets every chain right, and repeats are hashed again', () => {
  const memo = new TextChainMemo();
  const { chainOf, calls } = counting();
  for (let i = 0; i < 10_000; i++) expect(memo.chain(`name ${i}`, chainOf)).toBe(chainOf(`name ${i}`));
  calls.clear();
  // Mostly misses once full: it keeps nothing more, so a text seen at the start is hashed again.
  expect(memo.chain('name 0', chainOf)).toBe(chainOf('name 0'));
  expect(calls.get('name 0')).toBe(2);
});

test('a full memo of often-repeated texts keeps answering from what it kept', () => {
  const memo = new TextChainMemo();
  const { chainOf, calls } = counting();
  for (let round = 0; round < 3; round++) for (let i = 0; i < 4096; i++) memo.chain(`city ${i}`, chainOf);
  for (let i = 0; i < 500; i++) memo.chain(`village ${i}`, chainOf);
  calls.clear();
  expect(memo.chain('city 1', chainOf)).toBe(chainOf('city 1'));
  expect(calls.get('city 1')).toBe(1);
});
