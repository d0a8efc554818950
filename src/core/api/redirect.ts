/** The rule on redirects for every transport: none is followed, and the error names where the platform pointed. */
import { AddinError } from '../errors/addin-error';

/** Statuses that redirect (304 is a cache answer, not a redirect). */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export function isRedirectStatus(status: number): boolean {
  return REDIRECTS.has(status);
}

const ABSOLUTE = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\\]*)/i;
/** What an origin may hold to be quoted in a message: scheme, host name or address, port. */
const QUOTABLE = /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.\-[\]:]{1,200}$/;

/** `scheme://host[:port]` in lower case with a default port dropped, or undefined when `url` is not absolute. */
export function originOf(url: string): string | undefined {
  const m = ABSOLUTE.exec(url.trim());
  if (m === null) return undefined;
  const scheme = (m[1] ?? '').toLowerCase();
  const authority = (m[2] ?? '').toLowerCase().replace(/^.*@/, '');
  const host =
    (scheme === 'https' && authority.endsWith(':443')) || (scheme === 'http' && authority.endsWith(':80'))
      ? authority.slice(0, authority.lastIndexOf(':'))
      : authority;
  return `${scheme}://${host}`;
}

/** The origin a Location header points to, resolved against the request's URL (a relative one stays on its origin). */
export function redirectOrigin(requestUrl: string, location: string | undefined): string | undefined {
  if (location === undefined || location.trim() === '') return undefined;
  const own = originOf(requestUrl);
  const text = location.trim();
  if (text.startsWith('//')) {
    const scheme = own === undefined ? 'https' : own.slice(0, own.indexOf(':'));
    return originOf(`${scheme}:${text}`);
  }
  return originOf(text) ?? own;
}

/**
 * The error for a redirect answer, which no transport follows: a redirect to another origin would carry the SQL (and on
 * some runtimes the key) to a server the user never chose. `location` is the header when the runtime exposes it (a
 * browser's manual redirect hides it).
 */
export function redirectRefused(requestUrl: string, status: number | undefined, location: string | undefined): AddinError {
  const own = originOf(requestUrl);
  const target = redirectOrigin(requestUrl, location);
  const quoted = target !== undefined && QUOTABLE.test(target) ? target : undefined;
  const answer = status === undefined ? 'a redirect' : `a redirect (HTTP ${status})`;
  const where =
    target === undefined
      ? ''
      : target === own
        ? ` to another path on ${own}`
        : ` to ${quoted ?? 'an address the add-in cannot show'}, another address than ${own ?? 'the one asked'}`;
  return new AddinError(
    'contract',
    `The platform answered with ${answer}${where}. The add-in does not follow redirects, so nothing was sent there and nothing was changed. ` +
      'Check the tenant URL in the settings; if it is right, ask your administrator whether the platform moved.',
    {
      code: 'redirectRefused',
      ...(status === undefined ? {} : { status }),
      data: {
        ...(status === undefined ? {} : { status }),
        ...(quoted === undefined ? {} : { location: quoted }),
        crossOrigin: target !== undefined && target !== own,
      },
    },
  );
}
