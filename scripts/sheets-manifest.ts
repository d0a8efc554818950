/**
 * The built project's JSON files: appsscript.json and the clasp project file.
 * When an administrator names the tenant, appsscript.json carries the urlFetchWhitelist of its URL prefixes.
 */
import { z } from 'zod';

const prefixSchema = z
  .string()
  .regex(
    /^https:\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d+)?\/([^\s?#]*\/)?$/,
    'a prefix is https://, a full domain (a leading "*." allowed), and a path ending in "/"',
  );

export const manifestSchema = z
  .object({
    timeZone: z.string(),
    runtimeVersion: z.literal('V8'),
    oauthScopes: z.array(z.string().startsWith('https://www.googleapis.com/auth/')),
    urlFetchWhitelist: z.array(prefixSchema).optional(),
  })
  .loose();
export type SheetsManifest = z.infer<typeof manifestSchema>;

/** Parses SHEETS_URL_FETCH_WHITELIST: prefixes separated by commas or spaces; empty means none. */
export function parseWhitelist(raw: string | undefined): string[] {
  const prefixes = (raw ?? '').split(/[\s,]+/).filter((p) => p !== '');
  return prefixes.map((p) => {
    const parsed = prefixSchema.safeParse(p);
    if (!parsed.success) throw new Error(`SHEETS_URL_FETCH_WHITELIST: "${p}" is not a valid prefix (${parsed.error.issues[0]?.message}).`);
    return parsed.data;
  });
}

/** The manifest to push: the source manifest checked, with the whitelist set when there is one. */
export function buildManifest(source: unknown, whitelist: readonly string[]): SheetsManifest {
  const manifest = manifestSchema.parse(source);
  if (manifest.oauthScopes.some((s) => /\/auth\/(drive|spreadsheets)$/.test(s)))
    throw new Error('appsscript.json must not ask for all of Drive or all spreadsheets.');
  return whitelist.length > 0 ? { ...manifest, urlFetchWhitelist: [...whitelist] } : manifest;
}

const claspProjectSchema = z
  .object({
    scriptId: z.string().regex(/^[A-Za-z0-9_-]{20,}$/, 'put your Apps Script project id (Project settings › IDs) in scriptId'),
    // clasp 3 refuses a rootDir outside the folder of its project file, so the file sits in the built folder itself.
    rootDir: z.literal('.', { message: 'rootDir must be "." (the project file is copied into dist/appsscript)' }).optional(),
  })
  .loose();

/** The clasp project file checked, with rootDir "." (the built folder). */
export function claspProjectOf(raw: unknown): z.infer<typeof claspProjectSchema> {
  const parsed = claspProjectSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `appsscript/.clasp.json: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`,
    );
  return { ...parsed.data, rootDir: '.' };
}
