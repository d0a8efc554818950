/** The account's fixed starting state: users, deployments with three environments each, and sample and legacy reports. */
import { ENVIRONMENT_TYPES, HOST_EXCEL } from '../src/core/wire/wire-names';
import type { Sql } from './database';
import { DEV_USERS } from './dev-credentials';

export interface SeedDeployment {
  id: string;
  name: string;
  createdAt: string;
  /** Listed and reachable only for admins: lets tests show that a publicId conflict is reported for a report the caller cannot see. */
  adminOnly: boolean;
}

export const SEED_DEPLOYMENTS: readonly SeedDeployment[] = [
  { id: '101', name: 'Acme Shop', createdAt: '2023-01-10T09:00:00.000Z', adminOnly: false },
  { id: '102', name: 'Acme Shop EU', createdAt: '2023-06-01T09:00:00.000Z', adminOnly: false },
  { id: '103', name: 'Acme Internal (admins only)', createdAt: '2024-02-20T09:00:00.000Z', adminOnly: true },
];

/** Environment ids are the deployment id followed by 1 (production), 2 (staging), 3 (development). */
export function seedEnvironmentId(deploymentId: string, type: (typeof ENVIRONMENT_TYPES)[number]): string {
  return `${deploymentId}${ENVIRONMENT_TYPES.indexOf(type) + 1}`;
}

/** Synthesized id of a legacy report: `legacy` + its legacy number on 6 digits (12 characters, not unique). */
export function legacyPublicId(legacyRef: number): string {
  return `legacy${String(legacyRef).padStart(6, '0')}`;
}
export const LEGACY_PUBLIC_ID_PATTERN = /^legacy(\d{6})$/;

const SEEDED_AT = '2024-03-01T08:00:00.000Z';

interface SeedReport {
  id: number;
  publicId: string | null;
  legacyRef: number | null;
  deploymentId: string;
  name: string;
  sqlQuery: string;
  createdBy: number;
}

/** Report ids below state-schema's FIRST_REPORT_ID. */
export const SEED_REPORTS: readonly SeedReport[] = [
  {
    id: 1,
    publicId: 'SampleOrders',
    legacyRef: null,
    deploymentId: '101',
    name: 'Orders by status',
    sqlQuery: 'SELECT status, MEASURE(count) AS orders FROM orders GROUP BY 1',
    createdBy: 2,
  },
  // legacy000001 matches exactly one report; legacy000002 matches two (ambiguous).
  {
    id: 2,
    publicId: null,
    legacyRef: 1,
    deploymentId: '101',
    name: 'Revenue by category (legacy)',
    sqlQuery: 'SELECT product_category, MEASURE(total_amount) AS revenue FROM orders GROUP BY 1',
    createdBy: 1,
  },
  {
    id: 3,
    publicId: null,
    legacyRef: 2,
    deploymentId: '101',
    name: 'Orders by city (legacy)',
    sqlQuery: 'SELECT customer_city, MEASURE(count) AS orders FROM orders GROUP BY 1',
    createdBy: 1,
  },
  {
    id: 4,
    publicId: null,
    legacyRef: 2,
    deploymentId: '101',
    name: 'Orders by city (legacy copy)',
    sqlQuery: 'SELECT customer_city, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 2 DESC',
    createdBy: 1,
  },
  {
    id: 5,
    publicId: 'InternalKPIs',
    legacyRef: null,
    deploymentId: '103',
    name: 'Internal KPIs',
    sqlQuery: 'SELECT MEASURE(count) AS orders, MEASURE(average_amount) AS aov FROM orders',
    createdBy: 1,
  },
];

/** Inserts the starting state when the database is new (no deployments yet); an existing database is left as it is. */
export async function seedIfEmpty(sql: Sql): Promise<boolean> {
  const rows = await sql.all('SELECT count(*) AS n FROM control.deployments');
  if (Number(rows[0]?.n ?? 0) > 0) return false;
  for (const u of DEV_USERS) {
    await sql.run('INSERT INTO control.users VALUES ($1, $2, $3, $4, NULL)', [u.id, u.email, u.firstName, u.role]);
  }
  for (const [position, d] of SEED_DEPLOYMENTS.entries()) {
    await sql.run('INSERT INTO control.deployments VALUES ($1, $2, $3, $4, $5)', [d.id, d.name, d.createdAt, d.adminOnly, position]);
    for (const [i, type] of ENVIRONMENT_TYPES.entries()) {
      const name = type === 'production' ? 'Production' : type === 'staging' ? 'Staging' : 'Development';
      await sql.run('INSERT INTO control.environments VALUES ($1, $2, $3, $4, $5)', [seedEnvironmentId(d.id, type), d.id, name, type, i]);
    }
  }
  for (const r of SEED_REPORTS) {
    await sql.run(
      `INSERT INTO control.reports (id, public_id, legacy_ref, deployment_id, name, type, source, created_at, updated_at,
         created_by, updated_by, sql_query, meta, version)
       VALUES ($1, $2, $3, $4, $5, 'REPORT', $6, $7, $7, $8, $8, $9, '{}', 1)`,
      [r.id, r.publicId, r.legacyRef, r.deploymentId, r.name, HOST_EXCEL, SEEDED_AT, r.createdBy, r.sqlQuery],
    );
  }
  return true;
}
