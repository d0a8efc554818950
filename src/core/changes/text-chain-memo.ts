/**
 * The chains of a one-column tile's text cells, kept for texts met again: a dimension's members repeat down a column,
 * and a text typed once is the same string on every row (`column-typer.ts` shares it), so looking its chain up costs a
 * fraction of hashing its characters again. A column of mostly distinct texts (names, ids) stops keeping them.
 */

/** Texts kept a column, at most. */
const MAX_TEXTS = 4096;
/** Longer texts are hashed each time: they rarely repeat, and kept they would hold memory for nothing. */
const MAX_TEXT_LENGTH = 64;

export class TextChainMemo {
  private chains: Map<string, number> | null = new Map();
  private hits = 0;
  private misses = 0;

  /** The chain of `text` as `chainOf` computes it, taken from the texts kept where it is one of them. */
  chain(text: string, chainOf: (text: string) => number): number {
    const chains = this.chains;
    if (chains === null || text.length > MAX_TEXT_LENGTH) return chainOf(text);
    const known = chains.get(text);
    if (known !== undefined) {
      this.hits++;
      return known;
    }
    const chain = chainOf(text);
    this.misses++;
    if (chains.size < MAX_TEXTS) chains.set(text, chain);
    // Full and found less often than not: the column's texts are mostly distinct, and looking them up is waste.
    else if (this.misses > this.hits) this.chains = null;
    return chain;
  }
}
