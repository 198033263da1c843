// A second, independent implementation of the identity derivation (node:crypto, i.e. BoringSSL) to check ours.

import { createHash, createPrivateKey, createPublicKey, hkdfSync } from 'node:crypto';

/** RFC 8410 PKCS#8 prefixes: the DER wrapping of a raw 32-byte Ed25519 / X25519 private key. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const X25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const RAW_PUBLIC_BYTES = 32;

function publicFromRaw(prefix: Buffer, secret: Uint8Array): string {
  const key = createPrivateKey({ key: Buffer.concat([prefix, secret]), format: 'der', type: 'pkcs8' });
  return createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(-RAW_PUBLIC_BYTES).toString('hex');
}

export function independentIdentity(seedHex: string): {
  ed25519_public: string;
  x25519_public: string;
  fingerprint: string;
} {
  const seed = Buffer.from(seedHex, 'hex');
  const subkey = (info: string) => new Uint8Array(hkdfSync('sha256', seed, new Uint8Array(0), info, 32));
  const ed25519Public = publicFromRaw(ED25519_PKCS8_PREFIX, subkey('svc-ed25519'));
  const digest = createHash('sha256').update(Buffer.from(ed25519Public, 'hex')).digest('hex');
  return {
    ed25519_public: ed25519Public,
    x25519_public: publicFromRaw(X25519_PKCS8_PREFIX, subkey('svc-x25519')),
    fingerprint: (digest.slice(0, 32).match(/.{4}/g) ?? []).join(':'),
  };
}
