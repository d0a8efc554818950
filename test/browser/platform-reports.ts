/** Reads the report names of a deployment straight from the local platform's control plane (to check what an edit saved). */
import { z } from 'zod';
import { paths } from '../../src/core/wire/wire-names';

const pageSchema = z.object({
  data: z.object({ reports: z.array(z.object({ name: z.string() })) }),
  pagination: z.object({ total: z.number() }),
});

export async function reportNames(platformUrl: string, apiKey: string, deploymentId: string): Promise<string[]> {
  const names: string[] = [];
  for (let offset = 0; ;) {
    const res = await fetch(`${platformUrl}${paths.reports(deploymentId)}?offset=${offset}&limit=100`, {
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    if (!res.ok) throw new Error(`GET reports answered ${res.status}: ${await res.text()}`);
    const page = pageSchema.parse(await res.json());
    names.push(...page.data.reports.map((r) => r.name));
    offset += page.data.reports.length;
    if (page.data.reports.length === 0 || offset >= page.pagination.total) return names;
  }
}
