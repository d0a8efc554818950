/**
 * The production manifest: manifest.xml with its development origin replaced by the base URL given at build time.
 * The development origin is https://localhost:3000.
 */

/** The origin every add-in URL of manifest.xml starts with; the production build replaces it. */
export const DEV_ORIGIN = 'https://localhost:3000';

const SCHEMA_NAMESPACE = /^https?:\/\/(schemas\.microsoft\.com|www\.w3\.org)\//;

/** The base URL as given (`https://reports.example.com/addin`), checked: https, no credentials, query or fragment. */
export function checkBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`ADDIN_BASE_URL "${baseUrl}" is not a URL; give the https address the add-in's pages are served from.`);
  }
  if (url.protocol !== 'https:') throw new Error(`ADDIN_BASE_URL must be https (Office loads add-ins over https only), not "${baseUrl}".`);
  if (url.username || url.password || url.search || url.hash)
    throw new Error(`ADDIN_BASE_URL must be a plain https address without credentials, query or fragment.`);
  return baseUrl.replace(/\/+$/, '');
}

/**
 * Rewrites every add-in URL of `xml` from DEV_ORIGIN to `baseUrl`. Fails loudly when the manifest no longer matches the
 * placeholder: no URL starts with it, or some https URL (other than XML namespaces) points elsewhere.
 */
export function productionManifest(xml: string, baseUrl: string): string {
  const base = checkBaseUrl(baseUrl);
  const urls = [...xml.matchAll(/(?:DefaultValue="|<AppDomain>)(https?:\/\/[^"<]+)/g)].map((m) => m[1]!);
  const foreign = urls.filter((u) => !SCHEMA_NAMESPACE.test(u) && u !== DEV_ORIGIN && !u.startsWith(`${DEV_ORIGIN}/`));
  if (foreign.length > 0)
    throw new Error(
      `manifest.xml has URLs that do not start with the placeholder ${DEV_ORIGIN}, so the production rewrite would miss them: ${foreign.join(', ')}`,
    );
  const count = urls.length;
  if (count === 0)
    throw new Error(`manifest.xml has no URL starting with the placeholder ${DEV_ORIGIN}: the production rewrite no longer matches it.`);
  // An app domain is an origin: it gets the base URL's origin, every other URL the base URL with its path.
  const origin = new URL(base).origin;
  const out = xml.split(`<AppDomain>${DEV_ORIGIN}</AppDomain>`).join(`<AppDomain>${origin}</AppDomain>`).split(DEV_ORIGIN).join(base);
  if (out.includes('localhost')) throw new Error('The production manifest still mentions localhost after the rewrite.');
  return out;
}
