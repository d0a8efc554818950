/** The preview's runtime configuration, set by the static server's /config.js as `window.__PREVIEW_CONFIG__` (may be absent). */
import { z } from 'zod';

const previewConfigSchema = z.object({
  /** Prefill of the pane's Tenant URL field (the local platform under `npm start`). */
  defaultTenantUrl: z.url().nullable().optional(),
});

export interface PreviewConfig {
  defaultTenantUrl: string | null;
}

/** Reads the configuration; anything missing or malformed falls back to no prefill (and says so on the console). */
export function readPreviewConfig(raw: unknown): PreviewConfig {
  if (raw === undefined || raw === null) return { defaultTenantUrl: null };
  const parsed = previewConfigSchema.safeParse(raw);
  if (!parsed.success) {
    console.warn('window.__PREVIEW_CONFIG__ is malformed; the Tenant URL field starts empty.', parsed.error.issues);
    return { defaultTenantUrl: null };
  }
  return { defaultTenantUrl: parsed.data.defaultTenantUrl ?? null };
}
