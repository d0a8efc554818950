/**
 * Header titles of a builder report: its view's members by result column name.
 * They are titled as the platform's own spreadsheet add-in shows them.
 */
import type { Meta, Report } from '../wire/schemas';
import { parseBuilderState } from '../builder/builder-state';
import { shortMemberName } from '../builder/view-members';
import { META_BUILDER_STATE, META_MODE } from './report-draft';

/** The view a report was built on, when its `meta` says it is a builder report; null for SQL-mode reports. */
export function builderViewOf(report: Pick<Report, 'meta'>): string | null {
  const meta = report.meta ?? {};
  if (meta[META_MODE] !== 'builder') return null;
  return parseBuilderState(meta[META_BUILDER_STATE])?.view ?? null;
}

/**
 * Titles for the columns of a builder report's result: every member of its view, keyed by its name inside the view
 * (the compiled SQL's alias, `orders.total_amount` -> `total_amount`), titled by its `shortTitle`, else its `title`, else
 * that name ("Total amount", not "Orders Total amount"). Undefined for a SQL-mode report (its aliases are its titles) or
 * a view the metadata does not have.
 */
export function builderHeaderTitles(report: Pick<Report, 'meta'>, meta: Meta): Record<string, string> | undefined {
  const view = builderViewOf(report);
  if (view === null) return undefined;
  const cube = meta.cubes.find((c) => c.name === view);
  if (cube === undefined) return undefined;
  const titles: Record<string, string> = {};
  for (const m of [...cube.dimensions, ...cube.measures]) {
    const column = shortMemberName(view, m.name);
    const title = m.shortTitle?.trim() || m.title?.trim() || column;
    if (!Object.hasOwn(titles, column)) titles[column] = title;
  }
  return titles;
}

/**
 * Header titles of a result: a builder report's columns titled from its environment's metadata (`readMeta`); a SQL-mode
 * report keeps the column names as written (its aliases are its titles), and so does a builder report whose metadata
 * cannot be read.
 */
export async function resultHeaderTitles(
  report: Report,
  environmentId: string | undefined,
  readMeta: (environmentId: string) => Promise<Meta>,
): Promise<Record<string, string> | undefined> {
  if (builderViewOf(report) === null || environmentId === undefined) return undefined;
  try {
    return builderHeaderTitles(report, await readMeta(environmentId));
  } catch {
    return undefined;
  }
}
