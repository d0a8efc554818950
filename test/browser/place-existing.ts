/**
 * Preview scenarios for placing what exists (not yet in the run list): a report placed by its id on another sheet, and
 * one report placed twice from its card; every cell checked against the platform, the report itself left unchanged.
 */
import { z } from 'zod';
import { paths } from '../../src/core/wire/wire-names';
import type { Scenario } from './harness';
import { firstDeployment } from './platform-sql';
import { checkReport, cellName, parseArea, type Area } from './report-check';
import { EDITOR_KEY, placeSqlReport, reference, type Story } from './story';
import { assert, assertEqual, waitFor } from './wait-for';

/** A report of this file's own (its name is unique in the story), and the SQL that computes it from the warehouse tables. */
const PLACED_BY_ID = {
  name: 'Orders by status (placed by id)',
  sql: 'SELECT status, MEASURE(count) AS orders\nFROM orders\nGROUP BY 1\nORDER BY 1',
  reference: 'SELECT status, COUNT(*) AS orders FROM wh_orders GROUP BY status',
  numeric: [1],
};
const PLACED_TWICE = {
  name: 'Top cities (placed twice)',
  sql: 'SELECT customer_city, MEASURE(total_amount) AS city_total\nFROM orders\nGROUP BY 1\nORDER BY 2 DESC\nLIMIT 5',
  reference:
    'SELECT c.city, SUM(o.amount) AS total FROM wh_orders o LEFT JOIN wh_customers c ON c.id = o.customer_id GROUP BY 1 ORDER BY 2 DESC LIMIT 5',
  numeric: [1],
};

const storedSchema = z.object({
  id: z.number(),
  name: z.string(),
  sqlQuery: z.string().nullish(),
  updatedAt: z.string().nullish(),
  version: z.number().nullish(),
  externalWorkbookPlacements: z
    .array(z.object({ id: z.string(), anchorCell: z.string().nullish(), sheetName: z.string().nullish() }))
    .nullish(),
});
type Stored = z.infer<typeof storedSchema>;

/** The report named `name` in the story's deployment (the first), as the platform holds it now. */
async function storedReport(platformUrl: string, name: string): Promise<Stored> {
  const deployment = await firstDeployment(platformUrl, EDITOR_KEY);
  const headers = { Authorization: `Bearer ${EDITOR_KEY}` };
  const list = z.object({ data: z.object({ reports: z.array(z.object({ id: z.number(), name: z.string() })) }) });
  const page = list.parse(await (await fetch(`${platformUrl}${paths.reports(deployment.id)}?limit=100`, { headers })).json());
  const found = page.data.reports.filter((r) => r.name === name);
  assertEqual(found.length, 1, `The platform does not hold exactly one report named "${name}"`);
  const id = found[0]?.id ?? -1;
  const res = await fetch(`${platformUrl}${paths.reportById(deployment.id, id)}`, { headers });
  return storedSchema.parse(await res.json());
}

/** The definition fields a placing must leave as they were. */
function definition(r: Stored): unknown {
  return { name: r.name, sqlQuery: r.sqlQuery, updatedAt: r.updatedAt, version: r.version };
}

function anchors(r: Stored): string[] {
  return (r.externalWorkbookPlacements ?? []).map((p) => `${p.sheetName ?? '?'}!${p.anchorCell ?? '?'}`).sort();
}

export function placeExistingScenarios(story: Story): Scenario[] {
  const { ui, wb, servers } = story;
  return [
    {
      name: 'P1 place a report by its id on another sheet: every cell equals the platform, the report is not changed',
      run: async (ctx) => {
        const first = await ui.addSheet();
        const placed = await placeSqlReport(story, PLACED_BY_ID, first, 'B2');
        const before = await storedReport(servers.platformUrl, PLACED_BY_ID.name);
        const sheet = await ui.addSheet();
        // The cell is selected first, and the dialog places there.
        await ui.clickCell(sheet, 'C3');
        await ui.button('Place existing report…').click();
        const dialog = ui.page.getByRole('dialog', { name: 'Place existing report' });
        await dialog.getByRole('textbox', { name: 'Report id or link' }).fill(String(before.id));
        await waitFor(`the dialog to say "Place at ${sheet}!C3"`, () =>
          dialog.getByText(`Place at ${sheet}!C3`, { exact: true }).isVisible(),
        );
        await ctx.screenshot('P1a the report id pasted');
        await dialog.getByRole('button', { name: 'Place here', exact: true }).click();
        const status = ui.pane.getByRole('status').filter({ hasText: 'Placed at' });
        await waitFor('the pane to say where the report was placed', () => status.isVisible(), {
          timeoutMs: 60_000,
          observe: async () => (await ui.firstProblem()) ?? 'no message yet',
        });
        const label = /Placed at (\S+?):\s/.exec(await status.innerText())?.[1];
        assert(label !== undefined, `The pane's message names no range: ${await status.innerText()}`);
        const area: Area = parseArea(label);
        assertEqual(`${area.sheet}!${cellName(area.row, area.col)}`, `${sheet}!C3`, 'The report was not placed at the selected cell');
        const expected = await reference(story, PLACED_BY_ID.reference, PLACED_BY_ID.numeric);
        const values = await checkReport(wb, area, { expected });
        assertEqual(values, await wb.getValues(placed.sheet, placed.range), 'The placed copy differs from the report it was placed from');
        assert(Object.values(await wb.trackedAreas()).includes(label), `The workbook does not track ${label}`);
        const after = await storedReport(servers.platformUrl, PLACED_BY_ID.name);
        assertEqual(definition(after), definition(before), 'Placing the report by id changed it on the platform');
        assertEqual(anchors(after), [`${first}!B2`, `${sheet}!C3`].sort(), 'The platform does not record both placements');
        await ctx.screenshot('P1b the report placed by id');
      },
    },
    {
      name: 'P2 place one report twice from its card: both copies equal the platform and both placements are recorded',
      run: async (ctx) => {
        const sheet = await ui.addSheet();
        const placed = await placeSqlReport(story, PLACED_TWICE, sheet, 'B2');
        const before = await storedReport(servers.platformUrl, PLACED_TWICE.name);
        await ui.clickCell(sheet, 'H2');
        await ui.button(`Place ${PLACED_TWICE.name} again`).click();
        const dialog = ui.page.getByRole('dialog', { name: `Place ${PLACED_TWICE.name} again` });
        await waitFor(`the dialog to say "Place at ${sheet}!H2"`, () =>
          dialog.getByText(`Place at ${sheet}!H2`, { exact: true }).isVisible(),
        );
        await dialog.getByRole('button', { name: 'Place here', exact: true }).click();
        const cards = ui.pane.getByRole('listitem', { name: PLACED_TWICE.name, exact: true });
        const copy = cards.filter({ hasText: 'Placed again' });
        await waitFor('the second card to say "Placed again"', async () => (await cards.count()) === 2 && (await copy.count()) === 1, {
          timeoutMs: 60_000,
          observe: async () => (await ui.firstProblem()) ?? `${await cards.count()} cards`,
        });
        const label = /(\S+![A-Z]+\d+:[A-Z]+\d+)/.exec(await copy.innerText())?.[1];
        assert(label !== undefined, `The new card names no range: ${await copy.innerText()}`);
        const area = parseArea(label);
        assertEqual(`${area.sheet}!${cellName(area.row, area.col)}`, `${sheet}!H2`, 'The copy is not at the selected cell');
        const expected = await reference(story, PLACED_TWICE.reference, PLACED_TWICE.numeric);
        const values = await checkReport(wb, area, { expected });
        assertEqual(values, await wb.getValues(placed.sheet, placed.range), 'The two placements of one report differ');
        const after = await storedReport(servers.platformUrl, PLACED_TWICE.name);
        assertEqual(definition(after), definition(before), 'Placing the report again changed it on the platform');
        assertEqual(anchors(after), [`${sheet}!B2`, `${sheet}!H2`], 'The platform does not record both placements');
        await ctx.screenshot('P2 one report placed twice');
      },
    },
  ];
}
