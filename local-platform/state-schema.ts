/** The control plane's tables (schema `control`), created if absent so a file database keeps its state across restarts. */
import type { Sql } from './database';

/** First id handed out to reports created at run time (seeded reports use lower ids). */
export const FIRST_REPORT_ID = 1001;

const DDL: readonly string[] = [
  `CREATE SCHEMA IF NOT EXISTS control`,
  `CREATE TABLE IF NOT EXISTS control.users (
     id INTEGER PRIMARY KEY, email VARCHAR NOT NULL, first_name VARCHAR NOT NULL, role VARCHAR NOT NULL, picture VARCHAR)`,
  `CREATE TABLE IF NOT EXISTS control.deployments (
     id VARCHAR PRIMARY KEY, name VARCHAR NOT NULL, created_at VARCHAR NOT NULL, admin_only BOOLEAN NOT NULL, position INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS control.environments (
     id VARCHAR PRIMARY KEY, deployment_id VARCHAR NOT NULL, name VARCHAR NOT NULL, type VARCHAR NOT NULL, position INTEGER NOT NULL)`,
  `CREATE SEQUENCE IF NOT EXISTS control.report_ids START ${FIRST_REPORT_ID}`,
  `CREATE TABLE IF NOT EXISTS control.reports (
     id BIGINT PRIMARY KEY,
     public_id VARCHAR UNIQUE,
     legacy_ref INTEGER,
     deployment_id VARCHAR NOT NULL,
     name VARCHAR NOT NULL, title VARCHAR, description VARCHAR,
     type VARCHAR NOT NULL, source VARCHAR,
     created_at VARCHAR NOT NULL, updated_at VARCHAR NOT NULL,
     created_by INTEGER NOT NULL, updated_by INTEGER NOT NULL,
     json_query VARCHAR, sql_query VARCHAR, meta VARCHAR, pivot_items VARCHAR,
     folder_id INTEGER, workbook_id INTEGER, workbook_name VARCHAR, external_workbook_id VARCHAR, sheet_id VARCHAR,
     result_location VARCHAR, end_result_cell VARCHAR,
     version INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS control.placements (
     report_id BIGINT NOT NULL, external_workbook_id VARCHAR NOT NULL, placement_id VARCHAR NOT NULL,
     host VARCHAR NOT NULL, workbook_name VARCHAR, sheet_id VARCHAR, sheet_name VARCHAR,
     anchor_cell VARCHAR, end_result_cell VARCHAR, result_location VARCHAR,
     placed_at VARCHAR NOT NULL, refreshed_at VARCHAR NOT NULL, placed_by INTEGER NOT NULL, refreshed_by INTEGER NOT NULL,
     query_checksum VARCHAR NOT NULL,
     PRIMARY KEY (report_id, external_workbook_id, placement_id))`,
  // A token's record holds ids and times only: its security context travels in the signed token. DuckDB does not
  // reuse the file space of a deleted long text, so a record holding an 8 KiB context would make churn of short-lived
  // tokens grow the file without bound although expired records are deleted. The ALTER drops it from older files.
  `CREATE TABLE IF NOT EXISTS control.meta_sync_tokens (
     jti VARCHAR PRIMARY KEY, deployment_id VARCHAR NOT NULL, environment_id VARCHAR NOT NULL, user_id INTEGER NOT NULL,
     created_at VARCHAR NOT NULL, expires_at VARCHAR NOT NULL)`,
  `ALTER TABLE control.meta_sync_tokens DROP COLUMN IF EXISTS security_context`,
];

export async function createStateTables(sql: Sql): Promise<void> {
  for (const statement of DDL) await sql.run(statement);
}
