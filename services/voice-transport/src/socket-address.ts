// Socket addresses as the relay's config and flags write them: `host:port`, host an IPv4 address, a hostname or
// a bracketed IPv6 address (`[::1]:4433`).

import { isIPv4, isIPv6 } from 'node:net';

export interface SocketAddress {
  /** IPv4 dotted quad, hostname, or IPv6 address without its brackets. */
  readonly host: string;
  readonly port: number;
}

export interface SocketAddressOptions {
  /** Listening addresses only: port 0 asks the OS for a free port (tests, instances side by side). */
  readonly allowPortZero?: boolean;
}

const MAX_PORT = 65_535;
/** RFC 1035 §2.3.4: 253 characters in text form, 63 per label. */
const MAX_HOSTNAME_CHARS = 253;
const HOSTNAME_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
/** `[v6]:port` or `host:port` where host has no colon (an unbracketed IPv6 address is ambiguous). */
const HOST_PORT = /^(?:\[([^\]]*)\]|([^:[\]]*)):(\d+)$/;

/** Parses `host:port`; throws an Error whose message says what is wrong. */
export function parseSocketAddress(text: string, options: SocketAddressOptions = {}): SocketAddress {
  const match = HOST_PORT.exec(text);
  if (match === null) throw new Error(`'${text}' is not host:port (an IPv6 host goes in brackets: [::1]:4433)`);
  const [, v6, name = '', digits = ''] = match;
  const port = Number(digits);
  const minPort = options.allowPortZero === true ? 0 : 1;
  if (port < minPort || port > MAX_PORT) {
    throw new Error(`port ${digits} of '${text}' is outside ${minPort}..${MAX_PORT}`);
  }
  if (v6 !== undefined) {
    if (!isIPv6(v6)) throw new Error(`'${v6}' in '${text}' is not an IPv6 address`);
    return { host: v6, port };
  }
  if (!isHostOrIPv4(name)) throw new Error(`'${name}' in '${text}' is not an IPv4 address or a hostname`);
  return { host: name, port };
}

/** The `host:port` text again, brackets restored around an IPv6 host. */
export function formatSocketAddress(address: SocketAddress): string {
  return address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

function isHostOrIPv4(host: string): boolean {
  // All digits and dots reads as an IPv4 address, so it must be a valid one (`999.1.1.1` is not a hostname).
  if (/^[\d.]+$/.test(host)) return isIPv4(host);
  return host.length <= MAX_HOSTNAME_CHARS && host.split('.').every((label) => HOSTNAME_LABEL.test(label));
}
