/**
 * Which `Host` headers the local servers answer (against DNS rebinding: a web page whose name is re-pointed at
 * 127.0.0.1 still sends its own name as Host): loopback names on the server's own port, plus hosts the user configures.
 */
import { isIPv4 } from 'node:net';
import { PRODUCT_PREFIX } from '../src/core/wire/wire-names';

/** Comma-separated extra hosts, `name` or `name:port`, from the environment: SVC_DEV_ALLOWED_HOSTS. */
export const ALLOWED_HOSTS_ENV = `${PRODUCT_PREFIX.toUpperCase()}_DEV_ALLOWED_HOSTS`;

/** Splits a comma-separated list, trimmed, empty entries dropped. */
export function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `localhost`, any 127.0.0.0/8 address, and `[::1]`. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  if (name === 'localhost' || name === '[::1]') return true;
  return isIPv4(name) && name.startsWith('127.');
}

/** `name[:port]` of a Host header (an IPv6 literal keeps its brackets), or null when it does not parse. */
export function parseHost(value: string): { hostname: string; port: number | null } | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^\s:[\]/@]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!m?.[1]) return null;
  return { hostname: m[1].toLowerCase(), port: m[2] === undefined ? null : Number(m[2]) };
}

/** The Host check of a server listening on `port`; `extra` holds configured `name` or `name:port` entries. */
export function hostAllowed(header: string | undefined, port: number, extra: readonly string[] = []): boolean {
  if (header === undefined) return false;
  const host = parseHost(header);
  if (host === null) return false;
  // A Host without a port means the scheme's default port.
  const hostPort = host.port ?? 80;
  if (hostPort === port && isLoopbackName(host.hostname)) return true;
  return extra.some((entry) => {
    const allowed = parseHost(entry);
    if (allowed === null || allowed.hostname !== host.hostname) return false;
    return allowed.port === null ? hostPort === port : allowed.port === hostPort;
  });
}

/** The 403 text of a refused Host. */
export function hostRefusedMessage(header: string | undefined): string {
  return (
    `Host ${header === undefined ? '(none)' : JSON.stringify(header)} is not allowed: this local server answers loopback names ` +
    `(localhost, 127.0.0.1, [::1]) on its own port; add other names with --allowed-hosts or ${ALLOWED_HOSTS_ENV}.`
  );
}
