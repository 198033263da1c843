// The safety number two users compare out of band: one string for the pair, the same on both sides.
//
// safety = SHA-512("keel-chat-safety-v1" ‖ 0x00 ‖ fp_low ‖ fp_high), where fp_low < fp_high are the two fingerprints'
// 16 bytes in byte order (so the order of the two users does not matter). The first 60 bytes, read as twelve 5-byte
// big-endian integers, each mod 100,000, give twelve 5-digit groups (Signal's display shape: 60 digits, ~199 bits).

import sodium from 'libsodium-wrappers';

const DOMAIN = 'keel-chat-safety-v1';
const GROUPS = 12;
const BYTES_PER_GROUP = 5;
const DIGITS_PER_GROUP = 5;

function fingerprintBytes(fingerprint: string): Uint8Array {
  return new Uint8Array(Buffer.from(fingerprint.replaceAll(':', ''), 'hex'));
}

function compare(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

/** Twelve groups of five digits separated by spaces, e.g. `01234 56789 ...`; both fingerprints as identity prints them. */
export async function safetyNumber(own: string, peer: string): Promise<string> {
  await sodium.ready;
  const [low, high] = [fingerprintBytes(own), fingerprintBytes(peer)].sort(compare) as [Uint8Array, Uint8Array];
  const domain = new TextEncoder().encode(DOMAIN);
  const input = new Uint8Array(domain.length + 1 + low.length + high.length);
  input.set(domain, 0);
  input.set(low, domain.length + 1);
  input.set(high, domain.length + 1 + low.length);
  const digest = sodium.crypto_hash(input);
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let value = 0;
    for (let i = 0; i < BYTES_PER_GROUP; i++) value = value * 256 + (digest[g * BYTES_PER_GROUP + i] as number);
    groups.push(String(value % 10 ** DIGITS_PER_GROUP).padStart(DIGITS_PER_GROUP, '0'));
  }
  return groups.join(' ');
}
