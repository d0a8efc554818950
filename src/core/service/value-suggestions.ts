/** Value suggestions for a text dimension's filter: the platform's distinct values matching a search, cached for the session. */
import type { QueryRunner } from '../api/query-result';
import { suggestionsQuery } from '../builder/suggestions-query';
import { resolveMemberColumn } from '../cells/member-match';
import type { Meta } from '../wire/schemas';

export interface SuggestValuesRequest {
  view: string;
  /** Full member name (`orders.customer_city`). */
  member: string;
  /** What the user has typed so far (may be empty): values containing it, ignoring case. */
  search: string;
}

export interface ValueSuggestions {
  /** False when the member takes no suggestions (not a text dimension, or the model turns them off): type values by hand. */
  offered: boolean;
  /** Most frequent first when the view has a count measure (then `count` is its count), else in order. */
  values: Array<{ value: string; count: number | null }>;
}

/** The suggestions a query's answer holds (values as text; a count that is not a number reads as none). */
function suggestionsOf(result: Awaited<ReturnType<QueryRunner['run']>>, countColumn: string | null): ValueSuggestions['values'] {
  const countAt = countColumn === null ? -1 : resolveMemberColumn(result.columns, countColumn);
  return result.rows.flatMap((row) => {
    const value = row[0];
    if (value === null || value === undefined) return [];
    const raw = countAt < 0 ? null : Number(row[countAt]);
    return [{ value: String(value), count: raw !== null && Number.isFinite(raw) ? raw : null }];
  });
}

/** Suggestions asked once per environment, member and search in a session; a failed ask is not kept (the next one retries). */
export class ValueSuggestionCache {
  private readonly answers = new Map<string, Promise<ValueSuggestions>>();

  suggest(
    where: { deploymentId: string; environmentId: string },
    request: SuggestValuesRequest,
    meta: Meta,
    runner: QueryRunner,
    timezone: string | undefined,
  ): Promise<ValueSuggestions> {
    const search = request.search.trim();
    const key = JSON.stringify([where.deploymentId, where.environmentId, request.view, request.member, search.toLowerCase()]);
    const known = this.answers.get(key);
    if (known !== undefined) return known;
    const query = suggestionsQuery(meta, request.view, request.member, search);
    const answer: Promise<ValueSuggestions> =
      query === null
        ? Promise.resolve({ offered: false, values: [] })
        : runner
            .run({ query: query.sql, ...(timezone ? { timezone } : {}) })
            .then((result) => ({ offered: true, values: suggestionsOf(result, query.countColumn) }));
    this.answers.set(key, answer);
    answer.catch(() => this.answers.delete(key));
    return answer;
  }

  /** Forget every answer (another sign-in or environment: values may differ). */
  clear(): void {
    this.answers.clear();
  }
}
