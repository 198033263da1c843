// Ready-to-paste TOML for federation (seed: "Federation procedure"): the `[[peers]]` block a relay logs at start
// for others to copy, and the `[[trusted]]` block it suggests when an unknown relay connects.

import { parseFingerprint } from '@keel/identity';
import { formatSocketAddress, type SocketAddress } from '@keel/voice-transport';

export interface PeersBlockInput {
  /** The address other relays reach this one at (not a wildcard listen address). */
  readonly address: SocketAddress;
  readonly fingerprint: string;
  readonly label: string | null;
}

export interface TrustedBlockInput {
  readonly fingerprint: string;
  readonly label: string | null;
}

export function peersBlock(input: PeersBlockInput): string {
  return block('peers', [
    ['url', formatSocketAddress(input.address)],
    ['fingerprint', parseFingerprint(input.fingerprint)],
    ['label', input.label],
  ]);
}

export function trustedBlock(input: TrustedBlockInput): string {
  return block('trusted', [
    ['fingerprint', parseFingerprint(input.fingerprint)],
    ['label', input.label],
  ]);
}

function block(table: string, fields: readonly (readonly [string, string | null])[]): string {
  const lines = fields.flatMap(([key, value]) => (value === null ? [] : [`${key} = ${tomlBasicString(value)}`]));
  return [`[[${table}]]`, ...lines].join('\n');
}

/**
 * TOML 1.0 basic string: `"` and `\` escaped, every control character but tab as `\uXXXX` (C1 controls too:
 * TOML allows them raw, but they would be invisible in a log line), lone surrogates made well-formed.
 */
function tomlBasicString(value: string): string {
  const escaped = value
    .toWellFormed()
    .replace(/["\\]/g, (char) => `\\${char}`)
    .replace(/\p{Cc}/gu, (char) => (char === '\t' ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`));
  return `"${escaped}"`;
}
