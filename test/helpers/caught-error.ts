/**
 * Test helpers that hand back the error a call throws or a promise rejects with.
 * They fail the test when none comes or it is of another class.
 */
import { AddinError } from '../../src/core/errors/addin-error';

type ErrorClass<E> = abstract new (...args: never[]) => E;

/** The `type` error `fn` throws; any other error is rethrown, and returning normally fails with 'expected an <type>'. */
export function thrownBy<E>(fn: () => unknown, type: ErrorClass<E>): E {
  try {
    fn();
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw new Error(`expected an ${type.name}`);
}

/** The `type` error `p` rejects with; any other rejection is rethrown, and resolving fails with 'expected a rejection'. */
export async function rejectionOf<E>(p: Promise<unknown>, type: ErrorClass<E>): Promise<E> {
  try {
    await p;
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw new Error('expected a rejection');
}

/** The AddinError `fn` throws. */
export const addinErrorOf = (fn: () => unknown): AddinError => thrownBy(fn, AddinError);

/** The AddinError `p` rejects with. */
export const addinRejection = (p: Promise<unknown>): Promise<AddinError> => rejectionOf(p, AddinError);

/** The message of the Error `fn` throws (a fake's Apps Script-style exception). */
export const thrownMessage = (fn: () => unknown): string => thrownBy(fn, Error).message;
