/** The SQL that exposes each view of the semantic model as a per-connection TEMP VIEW, in the query's timezone. */
import type { ModelDimension, ModelView, SemanticModel } from './semantic-model';

/** Double-quotes an identifier for DuckDB. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Single-quotes a string literal for DuckDB. */
export function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function isUtc(timezone: string): boolean {
  return /^(utc|etc\/utc|gmt|etc\/gmt|z|zulu|universal|etc\/universal)$/i.test(timezone);
}

function dimensionSql(d: ModelDimension, timezone: string): string {
  // Stored times are UTC wall-clock; shown as wall-clock in the query's timezone, like the engine's time dimensions.
  if (d.zoned === true && !isUtc(timezone)) return `timezone(${quoteLiteral(timezone)}, timezone('UTC', ${d.sql}))`;
  return d.sql;
}

/**
 * `CREATE OR REPLACE TEMP VIEW <name> AS SELECT ...`: one column per dimension, then one column per measure holding
 * the measure's row-level value (what the engine returns for a measure in an ungrouped query). `MEASURE(m)` is
 * rewritten to the measure's aggregate over that column.
 */
export function createViewSql(view: ModelView, timezone: string): string {
  const columns = [
    ...view.dimensions.map((d) => `${dimensionSql(d, timezone)} AS ${quoteIdentifier(d.name)}`),
    ...view.measures.map((m) => `${m.sql} AS ${quoteIdentifier(m.name)}`),
  ];
  return `CREATE OR REPLACE TEMP VIEW ${quoteIdentifier(view.name)} AS SELECT ${columns.join(', ')} FROM ${view.from}`;
}

/** Every view of the model, one statement each. */
export function createModelViewsSql(model: SemanticModel, timezone: string): string[] {
  return model.map((v) => createViewSql(v, timezone));
}
