/** SQL-mode report drafts for tests: the plain report most service tests place. */
import type { ReportDraft } from '../../src/core/service/addin-service';

/** Orders counted by status, in SQL mode. */
export const BY_STATUS_SQL = 'SELECT status, MEASURE(count) AS count FROM orders GROUP BY 1 ORDER BY 1';

/** A SQL-mode draft of `sqlQuery`, with no builder parts. */
export function sqlDraft(name: string, sqlQuery: string): ReportDraft {
  return { name, description: '', mode: 'sql', sqlQuery, jsonQuery: null, pivotItems: null, builderState: null };
}
