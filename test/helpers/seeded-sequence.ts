/** A seeded sequence of numbers in [0, 1) for tests that sweep many generated values: the same values every run. */

/** A linear congruential sequence in [0, 1) from `seed`. */
export function seededSequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}
