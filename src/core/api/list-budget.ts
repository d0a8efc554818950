/** The budget of one paged listing (deployments, environments): the items and answer bytes it may keep over all its pages. */
import { AddinError } from '../errors/addin-error';
import { sizeText } from './body-limit';
import { groupDigits } from './query-errors';

export interface ListLimits {
  /** Items kept of one listing at most. */
  maxItems: number;
  /** UTF-8 bytes of all its pages' answers together at most (each page is also capped at MAX_ANSWER_BYTES). */
  maxBytes: number;
}

/**
 * A tenant's deployments or a deployment's environments are tens, rarely thousands: past these a listing is a server that
 * never finishes (pages of large items with a `total` it never reaches), which would fill the pane's memory.
 */
export const LIST_LIMITS: ListLimits = { maxItems: 10_000, maxBytes: 16 * 1024 * 1024 };

/** What one listing has taken so far; each call throws the listing's limit error once a cap is passed. */
export interface ListBudget {
  /** A page's answer of `bytes`, before it is parsed. */
  answer(bytes: number): void;
  /** The items kept so far, after a page was added. */
  items(count: number): void;
}

export function listBudget(limits: ListLimits, action: string): ListBudget {
  let bytes = 0;
  let pages = 0;
  let kept = 0;
  const refuse = (passed: string): AddinError =>
    new AddinError(
      'limit',
      `Could not ${action}: the platform's list went on past ${passed} over ${pages} pages, the most the add-in keeps of one list, ` +
        'so it stopped reading. Nothing was changed. Contact your administrator: the platform is sending a list that does not end.',
      { code: 'listTooLong', data: { pages, items: kept, bytes, maxItems: limits.maxItems, maxBytes: limits.maxBytes } },
    );
  return {
    answer(size) {
      pages += 1;
      bytes += size;
      if (bytes > limits.maxBytes) throw refuse(sizeText(limits.maxBytes));
    },
    items(count) {
      kept = count;
      if (count > limits.maxItems) throw refuse(`${groupDigits(limits.maxItems)} items`);
    },
  };
}
