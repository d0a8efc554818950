/** The SQL text and result tables the Orchestrator tests share: a refresh fixture loader and sales by region and year. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Table } from './fakes';

export const fixture = (name: string): Table & { sql: string } =>
  JSON.parse(readFileSync(join(__dirname, '../../fixtures/refresh', name), 'utf8')) as Table & { sql: string };

export const SQL = 'SELECT key, value FROM t';

/** Sales by region and year: two regions, two years (a pivot with Columns year, and header titles). */
export const salesTable: Table = {
  columns: [
    { name: 'region', column_type: 'String' },
    { name: 'year', column_type: 'Int64' },
    { name: 'sales', column_type: 'Double' },
  ],
  rows: [
    ['EU', '2024', '1.5'],
    ['US', '2025', '3'],
  ],
};
