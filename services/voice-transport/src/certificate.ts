// The TLS certificate of a relay or a listening client, derived from its Ed25519 identity key, and the fingerprint a
// client pins it by.
//
// One identity key → one byte-identical certificate: every field is fixed or derived from the public key, and an
// Ed25519 signature (RFC 8032) is deterministic. Clients never check names or a CA chain; they pin the identity
// fingerprint of the certificate's key (`certificateFingerprint`), and TLS 1.3's CertificateVerify proves the relay
// holds that key. Signing goes through node:crypto (Bun's BoringSSL): this package has no libsodium of its own, the
// result is the same RFC 8032 signature, and it keeps both functions synchronous.
//
// Certificate profile (RFC 5280, keys and algorithm per RFC 8410):
// - version v3; serial = the 16-byte fingerprint digest SHA-256(publicKey)[0..16], first byte forced into 0x40-0x7f
//   so the INTEGER is positive, non-zero and exactly 16 bytes in minimal DER.
// - signature id-Ed25519 (1.3.101.112), parameters absent.
// - issuer = subject = CN "voice-relay <fingerprint>" (51 characters, under ub-common-name 64): readable in
//   `openssl x509 -text`, never checked by a client.
// - validity notBefore 2025-01-01T00:00:00Z (UTCTime), notAfter 9999-12-31T23:59:59Z (GeneralizedTime): §4.1.2.5's
//   "no well-defined expiration date"; the key lives as long as the identity.
// - one extension, basicConstraints critical with cA FALSE (encoded as the empty SEQUENCE: DER omits the default).
//   No subjectAltName: clients connect by address and pin the fingerprint, so a name would only invite name checks.

import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { fingerprint } from '@keel/identity';
import { DER_TAG, DerError, DerReader, encodeTlv } from './der.ts';

const ED25519_PUBLIC_BYTES = 32;
/** libsodium's Ed25519 secret key: the 32-byte RFC 8032 secret followed by the public key. */
const SODIUM_SECRET_BYTES = 64;
const ED25519_SECRET_BYTES = 32;
const SERIAL_BYTES = 16;

/** Content octets of the object identifiers used. */
const OID = {
  /** id-Ed25519, 1.3.101.112 (RFC 8410 §3). */
  ed25519: Uint8Array.of(0x2b, 0x65, 0x70),
  /** id-at-commonName, 2.5.4.3. */
  commonName: Uint8Array.of(0x55, 0x04, 0x03),
  /** id-ce-basicConstraints, 2.5.29.19. */
  basicConstraints: Uint8Array.of(0x55, 0x1d, 0x13),
};

const SUBJECT_PREFIX = 'voice-relay';
const NOT_BEFORE = '250101000000Z';
const NOT_AFTER = '99991231235959Z';
/** TBSCertificate.version: v3 is the INTEGER 2. */
const VERSION_3 = Uint8Array.of(2);
/** Leading octet of a BIT STRING's content: the number of unused bits in the last byte, always 0 here. */
const NO_UNUSED_BITS = Uint8Array.of(0);
const TRUE = Uint8Array.of(0xff);
/** OneAsymmetricKey version 0 (v1): the private key only, RFC 8410 §7's example form. */
const PKCS8_VERSION = Uint8Array.of(0);
const PEM_LINE_CHARS = 64;

export type CertificateErrorCode = 'invalid_key' | 'malformed_der' | 'not_ed25519' | 'invalid_public_key';

/** A key that cannot make a relay certificate, or a certificate whose key cannot be pinned; `code` is stable. */
export class CertificateError extends Error {
  readonly code: CertificateErrorCode;

  constructor(code: CertificateErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

export interface Ed25519KeyPair {
  readonly publicKey: Uint8Array;
  /** libsodium's 64-byte form, as `deriveKeys(seed).ed25519.secretKey`. */
  readonly secretKey: Uint8Array;
}

export interface IdentityCertificate {
  readonly certificateDer: Uint8Array;
  /** ASCII bytes of the PEM `CERTIFICATE`, as quiche's `withBoringSslCtx` takes it. */
  readonly certificatePem: Uint8Array;
  /** ASCII bytes of the PEM PKCS#8 `PRIVATE KEY` (RFC 8410 §7) holding the 32-byte secret. */
  readonly privateKeyPem: Uint8Array;
  /** The identity fingerprint of `publicKey`, what clients pin. */
  readonly fingerprint: string;
}

const sequence = (...parts: Uint8Array[]): Uint8Array => encodeTlv(DER_TAG.sequence, ...parts);
const ed25519Algorithm = (): Uint8Array => sequence(encodeTlv(DER_TAG.objectIdentifier, OID.ed25519));
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

function subjectPublicKeyInfo(publicKey: Uint8Array): Uint8Array {
  return sequence(ed25519Algorithm(), encodeTlv(DER_TAG.bitString, NO_UNUSED_BITS, publicKey));
}

function serialNumber(publicKey: Uint8Array): Uint8Array {
  const serial = new Uint8Array(createHash('sha256').update(publicKey).digest().subarray(0, SERIAL_BYTES));
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  return encodeTlv(DER_TAG.integer, serial);
}

function name(commonName: string): Uint8Array {
  const attribute = sequence(
    encodeTlv(DER_TAG.objectIdentifier, OID.commonName),
    encodeTlv(DER_TAG.utf8String, ascii(commonName)),
  );
  return sequence(encodeTlv(DER_TAG.set, attribute));
}

function basicConstraintsNotCa(): Uint8Array {
  return sequence(
    encodeTlv(DER_TAG.objectIdentifier, OID.basicConstraints),
    encodeTlv(DER_TAG.boolean, TRUE),
    encodeTlv(DER_TAG.octetString, sequence()),
  );
}

function tbsCertificate(publicKey: Uint8Array, relayFingerprint: string): Uint8Array {
  const subject = name(`${SUBJECT_PREFIX} ${relayFingerprint}`);
  return sequence(
    encodeTlv(DER_TAG.context0, encodeTlv(DER_TAG.integer, VERSION_3)),
    serialNumber(publicKey),
    ed25519Algorithm(),
    subject,
    sequence(encodeTlv(DER_TAG.utcTime, ascii(NOT_BEFORE)), encodeTlv(DER_TAG.generalizedTime, ascii(NOT_AFTER))),
    subject,
    subjectPublicKeyInfo(publicKey),
    encodeTlv(DER_TAG.context3, sequence(basicConstraintsNotCa())),
  );
}

function pem(label: string, der: Uint8Array): Uint8Array {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(new RegExp(`.{1,${PEM_LINE_CHARS}}`, 'g')) ?? [];
  return ascii(`-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`);
}

/** Certificate and PKCS#8 key of the relay (or listening client) whose identity is `ed25519`; deterministic. */
export function identityCertificate(ed25519: Ed25519KeyPair): IdentityCertificate {
  const { publicKey, secretKey } = ed25519;
  if (publicKey.length !== ED25519_PUBLIC_BYTES || secretKey.length !== SODIUM_SECRET_BYTES) {
    throw new CertificateError(
      'invalid_key',
      `an Ed25519 key pair is a ${ED25519_PUBLIC_BYTES}-byte public key and a ${SODIUM_SECRET_BYTES}-byte libsodium ` +
        `secret key, got ${publicKey.length} and ${secretKey.length}`,
    );
  }
  const pkcs8 = sequence(
    encodeTlv(DER_TAG.integer, PKCS8_VERSION),
    ed25519Algorithm(),
    encodeTlv(DER_TAG.octetString, encodeTlv(DER_TAG.octetString, secretKey.subarray(0, ED25519_SECRET_BYTES))),
  );
  const privateKey = createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
  const derivedSpki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  if (!derivedSpki.equals(subjectPublicKeyInfo(publicKey))) {
    throw new CertificateError('invalid_key', 'the secret key does not belong to the public key');
  }
  const relayFingerprint = fingerprint(publicKey);
  const tbs = tbsCertificate(publicKey, relayFingerprint);
  const signature = sign(null, tbs, privateKey);
  const certificateDer = sequence(tbs, ed25519Algorithm(), encodeTlv(DER_TAG.bitString, NO_UNUSED_BITS, signature));
  return {
    certificateDer,
    certificatePem: pem('CERTIFICATE', certificateDer),
    privateKeyPem: pem('PRIVATE KEY', pkcs8),
    fingerprint: relayFingerprint,
  };
}

/** The Ed25519 public key in a DER X.509 certificate's SubjectPublicKeyInfo; the signature is not checked. */
function certificatePublicKey(certificateDer: Uint8Array): Uint8Array {
  const input = new DerReader(certificateDer);
  const certificate = new DerReader(input.read(DER_TAG.sequence, 'Certificate'));
  input.finish('Certificate');
  const tbs = new DerReader(certificate.read(DER_TAG.sequence, 'tbsCertificate'));
  certificate.read(DER_TAG.sequence, 'signatureAlgorithm');
  certificate.read(DER_TAG.bitString, 'signatureValue');
  certificate.finish('Certificate');

  if (tbs.peekTag() === DER_TAG.context0) tbs.read(DER_TAG.context0, 'version');
  tbs.read(DER_TAG.integer, 'serialNumber');
  tbs.read(DER_TAG.sequence, 'signature');
  tbs.read(DER_TAG.sequence, 'issuer');
  tbs.read(DER_TAG.sequence, 'validity');
  tbs.read(DER_TAG.sequence, 'subject');
  const spki = new DerReader(tbs.read(DER_TAG.sequence, 'subjectPublicKeyInfo'));
  const algorithm = new DerReader(spki.read(DER_TAG.sequence, 'subjectPublicKeyInfo.algorithm'));
  const subjectPublicKey = spki.read(DER_TAG.bitString, 'subjectPublicKey');
  spki.finish('subjectPublicKeyInfo');

  const oid = algorithm.read(DER_TAG.objectIdentifier, 'subjectPublicKeyInfo.algorithm');
  if (!Buffer.from(oid).equals(OID.ed25519) || !algorithm.atEnd()) {
    throw new CertificateError(
      'not_ed25519',
      'the certificate key is not id-Ed25519 (1.3.101.112) with absent parameters; relays use Ed25519 keys',
    );
  }
  if (subjectPublicKey.length !== 1 + ED25519_PUBLIC_BYTES || subjectPublicKey[0] !== 0) {
    throw new CertificateError(
      'invalid_public_key',
      `an Ed25519 subjectPublicKey is ${ED25519_PUBLIC_BYTES} whole bytes, got a ${subjectPublicKey.length}-byte ` +
        'BIT STRING (including its unused-bits octet)',
    );
  }
  return subjectPublicKey.subarray(1);
}

/**
 * The identity fingerprint of a DER certificate's Ed25519 key: what a client compares with the relay's pinned
 * fingerprint after the handshake. Throws CertificateError for malformed DER or a key that is not Ed25519.
 */
export function certificateFingerprint(certificateDer: Uint8Array): string {
  try {
    return fingerprint(certificatePublicKey(certificateDer));
  } catch (error) {
    if (error instanceof DerError) throw new CertificateError('malformed_der', error.message, { cause: error });
    throw error;
  }
}
