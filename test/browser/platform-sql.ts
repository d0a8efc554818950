/**
 * Runs hand-written SQL straight on the local platform's query API from Node: the browser tests' reference answers.
 * It does not go through the add-in.
 */
import { z } from 'zod';
import { SQL_QUERY_PATH, paths } from '../../src/core/wire/wire-names';

export type WireValue = string | number | boolean | null;

export interface PlatformRows {
  columns: string[];
  rows: WireValue[][];
}

const deploymentsSchema = z.object({
  data: z.object({ deployments: z.array(z.object({ id: z.string(), name: z.string(), deploymentUrl: z.string() })) }),
});
const headerSchema = z.object({ schema: z.array(z.object({ name: z.string() })) });
const lineSchema = z.union([
  z.object({ data: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))) }),
  z.object({ error: z.string() }),
]);

/** The first deployment the key sees (the one a new user picks first). */
export async function firstDeployment(platformUrl: string, apiKey: string): Promise<{ id: string; name: string; deploymentUrl: string }> {
  const res = await fetch(`${platformUrl}${paths.deployments()}`, { headers: { Authorization: `Bearer ${apiKey}` } });
  if (!res.ok) throw new Error(`GET deployments answered ${res.status}: ${await res.text()}`);
  const first = deploymentsSchema.parse(await res.json()).data.deployments[0];
  if (!first) throw new Error('The local platform lists no deployment.');
  return first;
}

/** POSTs `sql` to the deployment's query API and reads the whole NDJSON stream (schema line, data lines, or an error line). */
export async function queryPlatform(platformUrl: string, apiKey: string, sql: string): Promise<PlatformRows> {
  const deployment = await firstDeployment(platformUrl, apiKey);
  const res = await fetch(`${deployment.deploymentUrl}${SQL_QUERY_PATH}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: sql, timezone: 'UTC' }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`The query API answered ${res.status}: ${text}`);
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const [head, ...rest] = lines;
  if (head === undefined) throw new Error('The query API answered nothing.');
  const columns = headerSchema.parse(JSON.parse(head)).schema.map((c) => c.name);
  const rows: WireValue[][] = [];
  for (const line of rest) {
    const parsed = lineSchema.parse(JSON.parse(line));
    if ('error' in parsed) throw new Error(`The query failed on the platform: ${parsed.error}`);
    rows.push(...parsed.data);
  }
  return { columns, rows };
}
