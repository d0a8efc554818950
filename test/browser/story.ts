/** What the preview group's story scenarios share: the reports, their reference SQL, the Story state and helpers. */
import type { Route } from 'playwright-core';
import { z } from 'zod';
import type { Scalar } from '../../src/core/host';
import type { Servers } from './harness';
import { PreviewPage } from './pane';
import { queryPlatform } from './platform-sql';
import { PreviewWorkbook } from './preview-workbook';
import { expectedCells, parseArea, type Area } from './report-check';
import { assert, waitFor } from './wait-for';

export const EDITOR_KEY = 'dev-editor-key';
export const VIEWER_KEY = 'dev-viewer-key';

/** The reports of the story and the SQL that computes each one straight from the warehouse tables. */
export const BY_STATUS = {
  name: 'Orders by status',
  reference: 'SELECT status, COUNT(*) AS orders, SUM(amount) AS total FROM wh_orders GROUP BY status',
  numeric: [1, 2],
};
export const BY_STATUS_AND_CITY = {
  reference:
    'SELECT o.status, c.city, COUNT(*) AS orders, SUM(o.amount) AS total FROM wh_orders o LEFT JOIN wh_customers c ON c.id = o.customer_id GROUP BY 1, 2',
  numeric: [2, 3],
};
/**
 * 300,000 rows x 16 columns (numbers and text) from the warehouse's range(): the large report of scenario 14. Its last
 * column is random, so a refresh's write shows in the cells the moment it starts.
 */
export const BIG = {
  name: 'Big numbers',
  sql: `SELECT ${Array.from({ length: 15 }, (_, c) => (c % 2 === 0 ? `i * ${c + 1} AS c${c + 1}` : `'t' || i AS c${c + 1}`)).join(', ')}, random() AS c16\nFROM range(300000) r(i)\nORDER BY i\nLIMIT 300000`,
};
/** Customers' nicknames include formula-like text ("=cmd|calc", "-dash", "+plus", "@mention"): cells must keep them as inert text. */
export const BY_NICKNAME = {
  name: 'Customers by nickname',
  sql: 'SELECT nickname, MEASURE(count) AS customers\nFROM customers\nWHERE nickname IS NOT NULL\nGROUP BY 1\nORDER BY 1',
  reference: 'SELECT nickname, COUNT(*) AS customers FROM wh_customers WHERE nickname IS NOT NULL GROUP BY 1',
  numeric: [1],
};
export const TOP_CITIES = {
  name: 'Top cities',
  sql: 'SELECT customer_city, MEASURE(total_amount) AS city_total\nFROM orders\nGROUP BY 1\nORDER BY 2 DESC\nLIMIT 10',
  reference:
    'SELECT c.city, SUM(o.amount) AS total FROM wh_orders o LEFT JOIN wh_customers c ON c.id = o.customer_id GROUP BY 1 ORDER BY 2 DESC LIMIT 10',
  numeric: [1],
};

/** A builder report placed and removed again in scenario 3b (the later scenarios count three placements). */
/** The report the viewer tries to create in scenario 9. */
export const VIEWER_REPORT = 'Customers by nickname (viewer)';
export const ON_A_DAY = 'Orders on the busiest day';

export const queryBodySchema = z.object({ query: z.string() });

export function sameSql(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

/** The SQL text of an intercepted query request, or null. */
export function queryOf(route: Route): string | null {
  const body = route.request().postData();
  if (body === null) return null;
  try {
    return queryBodySchema.parse(JSON.parse(body)).query;
  } catch {
    return null;
  }
}

/** Everything the scenarios share (they tell one story, in order). */
export interface Story {
  ui: PreviewPage;
  wb: PreviewWorkbook;
  servers: Servers;
  sheet1: string;
  sheet2: string | null;
  /** The environment chosen in scenario 1 (the production one). */
  environment: string;
  /** Cells of the first report as last checked, with where they were. */
  firstCells: { area: Area; values: Scalar[][] } | null;
}

export async function reference(story: Story, sql: string, numeric: readonly number[]): Promise<Scalar[][]> {
  return expectedCells((await queryPlatform(story.servers.platformUrl, EDITOR_KEY, sql)).rows, numeric);
}

/** Where the pane says the placement is ("Sheet1!B2:D7"), cross-checked with the workbook's tracked areas. */
export async function areaOf(story: Story, name: string): Promise<Area> {
  const text = await story.ui.placement(name).innerText();
  const m = /(\S+![A-Z]+\d+(?::[A-Z]+\d+)?)/.exec(text);
  if (!m?.[1]) throw new Error(`The list item of "${name}" shows no range: ${text}`);
  const tracked = Object.values(await story.wb.trackedAreas());
  assert(tracked.includes(m[1]), `The pane shows ${m[1]} for "${name}" but the workbook tracks ${JSON.stringify(tracked)}`);
  return parseArea(m[1]);
}

export async function selectAndConfirmTarget(story: Story, sheet: string, cell: string): Promise<void> {
  await story.ui.clickCell(sheet, cell);
  const label = `Insert at ${sheet}!${cell}`;
  await waitFor(`the pane to say "${label}"`, () => story.ui.pane.getByText(label, { exact: true }).isVisible(), {
    observe: () => story.ui.pane.getByRole('region', { name: 'Insert' }).innerText(),
  });
}

export async function placeSqlReport(story: Story, report: { name: string; sql: string }, sheet: string, cell: string): Promise<Area> {
  const { ui } = story;
  await ui.openNewReport();
  await ui.reportName().fill(report.name);
  await ui.chooseTab('SQL');
  await ui.pane.getByRole('textbox', { name: 'SQL' }).fill(report.sql);
  await selectAndConfirmTarget(story, sheet, cell);
  await ui.insert();
  return areaOf(story, report.name);
}
