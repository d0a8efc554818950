/**
 * Checks and normalizes the web addresses the add-in sends keys to, as plain text.
 * These are the tenant URL and the platform's deployment and REST URLs; plain text because a bare runtime has no URL
 * class.
 */
import { AddinError } from '../errors/addin-error';

export interface ServiceUrl {
  /** `scheme://host[:port][/path]`, scheme and host in lower case, no trailing slash. */
  base: string;
  /** The host name in lower case (IPv6 in brackets). */
  host: string;
  secure: boolean;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

/** True for this computer: localhost (and its subdomains), 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h === '[::1]') return true;
  const quad = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return quad !== null && quad.slice(1).every((n) => Number(n) <= 255);
}

/**
 * Parses `input` as the address of `what` ("The tenant URL"). Refuses, before any request is made: anything but
 * http(s); a user name or password before the host (it may be a key typed into the wrong field, so the address is
 * never repeated in the message); `http://` for a host other than this computer (the key would travel unencrypted);
 * a query or fragment; a malformed host or port.
 */
export function parseServiceUrl(input: string, what: string): ServiceUrl {
  const text = input.trim();
  const example = 'https://your-tenant.example.com';
  const invalid = (problem: string, field = 'url'): AddinError => new AddinError('validation', `${what} ${problem}`, { data: { field } });
  const scheme = SCHEME.exec(text);
  if (scheme === null) throw invalid(`must start with https:// (for example ${example}).`);
  const protocol = (scheme[1] ?? '').toLowerCase();
  if (protocol !== 'https' && protocol !== 'http') throw invalid(`must start with https:// (for example ${example}).`);
  const rest = text.slice(scheme[0].length);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const tail = authorityEnd === -1 ? '' : rest.slice(authorityEnd);
  if (authority.includes('@')) {
    throw invalid(
      `must not contain a user name, password or key before the address (the part up to "@"). Enter only the address, like ${example}, and put your API key in its own field.`,
      'credentials',
    );
  }
  if (/[?#]/.test(tail)) throw invalid(`must not contain "?" or "#": enter only the address, like ${example}.`);
  if (/\s/.test(tail) || /\s/.test(authority)) throw invalid(`must not contain spaces (for example ${example}).`);
  const portMatch = /^(.*?)(?::(\d*))?$/.exec(authority);
  const host = (portMatch?.[1] ?? '').toLowerCase();
  const port = portMatch?.[2];
  if (host === '' || !(HOST_NAME.test(host) || IPV6.test(host))) throw invalid(`has no valid host name (for example ${example}).`);
  if (port !== undefined && (port === '' || Number(port) < 1 || Number(port) > 65535))
    throw invalid(`has an invalid port: use a number from 1 to 65535.`);
  const secure = protocol === 'https';
  if (!secure && !isLoopbackHost(host)) {
    throw invalid(
      `must use https:// for ${host}: over http:// your API key would travel unencrypted. http:// is accepted only for this computer (localhost), such as the local platform.`,
      'scheme',
    );
  }
  const path = tail.replace(/\/+$/, '');
  return { base: `${protocol}://${host}${port === undefined ? '' : `:${port}`}${path}`, host, secure };
}
