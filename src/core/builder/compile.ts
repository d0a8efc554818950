/** compileBuilder: a builder state to the report's sqlQuery, jsonQuery and pivotItems, consistent with each other. */
import type { Meta } from '../wire/schemas';
import type { BuilderState } from './builder-state';
import { renderJsonQuery } from './json-query';
import { resolveBuilder } from './resolved-query';
import { renderSql } from './sql-query';

export interface CompiledReport {
  sqlQuery: string;
  jsonQuery: string;
  /**
   * Result column names (the alias rule: every column is named by its member's name inside the view, `orders.status`
   * -> `status`, a time dimension keeps its name whatever its granularity); filters lists the filtered members the same way.
   */
  pivotItems: { rows: string[]; columns: string[]; measures: string[]; filters: string[] };
}

/** Throws AddinError 'validation' naming the member at fault when the state does not fit the metadata. Deterministic. */
export function compileBuilder(state: BuilderState, meta: Meta): CompiledReport {
  const q = resolveBuilder(state, meta);
  const names = (zone: 'rows' | 'columns' | 'measures'): string[] =>
    q.selected.filter((s) => s.zone === zone).map((s) => s.member.shortName);
  const filters: string[] = [];
  for (const f of q.filters) if (!filters.includes(f.member.shortName)) filters.push(f.member.shortName);
  return {
    sqlQuery: renderSql(q),
    jsonQuery: renderJsonQuery(q),
    pivotItems: { rows: names('rows'), columns: names('columns'), measures: names('measures'), filters },
  };
}
