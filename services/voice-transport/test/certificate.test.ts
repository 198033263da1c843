// The relay certificate: deterministic from the identity, accepted by OpenSSL, served by quiche in a real QUIC
// handshake, and pinned by certificateFingerprint, which refuses anything but a well-formed Ed25519 certificate.

import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveKeys, fingerprint } from '@keel/identity';
import { type HostPort, type QuicheConfig, type QuicheConnection, quiche } from '@keel/native';
import {
  CertificateError,
  type CertificateErrorCode,
  certificateFingerprint,
  identityCertificate,
} from '../src/certificate.ts';
import { DER_TAG, encodeTlv } from '../src/der.ts';

const seedA = Uint8Array.from({ length: 32 }, (_, i) => i);
const seedB = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
const keysA = await deriveKeys(seedA);
const relayA = identityCertificate(keysA.ed25519);

const workDir = mkdtempSync(join(tmpdir(), 'relay-certificate-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function openssl(...args: string[]): { exitCode: number; stdout: string; stderr: string } {
  const result = Bun.spawnSync(['openssl', ...args], { cwd: workDir, stdout: 'pipe', stderr: 'pipe' });
  return { exitCode: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

/** The error `run` throws; fails the test when it returns instead. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function expectCertificateError(run: () => unknown, code: CertificateErrorCode): void {
  const error = thrownBy(run);
  expect(error).toBeInstanceOf(CertificateError);
  expect((error as CertificateError).code).toBe(code);
}

function writeFile(name: string, bytes: Uint8Array): string {
  const path = join(workDir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('identityCertificate', () => {
  test('the same identity gives byte-identical certificate and key', async () => {
    const again = identityCertificate((await deriveKeys(seedA)).ed25519);
    expect(again.certificateDer).toEqual(relayA.certificateDer);
    expect(again.certificatePem).toEqual(relayA.certificatePem);
    expect(again.privateKeyPem).toEqual(relayA.privateKeyPem);
    expect(again.fingerprint).toBe(relayA.fingerprint);
  });

  test('its fingerprint is the identity fingerprint, and another identity gets another one', async () => {
    const keysB = await deriveKeys(seedB);
    const relayB = identityCertificate(keysB.ed25519);
    expect(relayA.fingerprint).toBe(fingerprint(keysA.ed25519.publicKey));
    expect(relayB.fingerprint).toBe(fingerprint(keysB.ed25519.publicKey));
    expect(relayB.fingerprint).not.toBe(relayA.fingerprint);
    expect(relayB.certificateDer).not.toEqual(relayA.certificateDer);
    expect(certificateFingerprint(relayA.certificateDer)).toBe(relayA.fingerprint);
    expect(certificateFingerprint(relayB.certificateDer)).toBe(relayB.fingerprint);
  });

  test('the PEMs are the DER certificate and a PKCS#8 PRIVATE KEY', () => {
    const certificatePem = new TextDecoder().decode(relayA.certificatePem);
    const body = certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----|\n/g, '');
    expect(certificatePem.startsWith('-----BEGIN CERTIFICATE-----\n')).toBe(true);
    expect(Buffer.from(body, 'base64').toString('hex')).toBe(Buffer.from(relayA.certificateDer).toString('hex'));
    expect(new TextDecoder().decode(relayA.privateKeyPem)).toStartWith('-----BEGIN PRIVATE KEY-----\n');
  });

  test('refuses a secret key that does not belong to the public key, or keys of the wrong size', async () => {
    const keysB = await deriveKeys(seedB);
    const mixed = { publicKey: keysA.ed25519.publicKey, secretKey: keysB.ed25519.secretKey };
    const short = { publicKey: keysA.ed25519.publicKey, secretKey: keysA.ed25519.secretKey.subarray(0, 32) };
    for (const pair of [mixed, short]) {
      expectCertificateError(() => identityCertificate(pair), 'invalid_key');
    }
  });
});

describe('OpenSSL', () => {
  const certPath = writeFile('cert.pem', relayA.certificatePem);
  const keyPath = writeFile('key.pem', relayA.privateKeyPem);

  test('parses the certificate as an Ed25519 v3 certificate with the documented fields', () => {
    const { exitCode, stdout } = openssl('x509', '-in', certPath, '-noout', '-text');
    expect(exitCode).toBe(0);
    expect(stdout).toContain('Version: 3 (0x2)');
    expect(stdout).toContain('Signature Algorithm: ED25519');
    expect(stdout).toContain('Public Key Algorithm: ED25519');
    expect(stdout).toContain(`Subject: CN = voice-relay ${relayA.fingerprint}`);
    expect(stdout).toContain('Not After : Dec 31 23:59:59 9999 GMT');
    expect(stdout).toContain('X509v3 Basic Constraints: critical');
    expect(stdout).toContain('CA:FALSE');
  });

  test('the private key belongs to the certificate', () => {
    const fromCertificate = openssl('x509', '-in', certPath, '-noout', '-pubkey');
    const fromKey = openssl('pkey', '-in', keyPath, '-pubout');
    expect(fromCertificate.exitCode).toBe(0);
    expect(fromKey.exitCode).toBe(0);
    expect(fromCertificate.stdout).toContain('-----BEGIN PUBLIC KEY-----');
    expect(fromKey.stdout).toBe(fromCertificate.stdout);
  });

  // -check_ss_sig makes `verify` check the self-signature of the trust anchor, which it otherwise takes on trust.
  const verifySelfSigned = (path: string) =>
    openssl('verify', '-check_ss_sig', '-partial_chain', '-trusted', path, path);

  test('verifies the self-signature', () => {
    expect(verifySelfSigned(certPath).exitCode).toBe(0);
  });

  // A changed issuer or subject would make the certificate not self-issued, so OpenSSL would skip the check; the
  // validity and the signature are covered by the signature without changing that.
  test.each([
    ['a signed byte (notBefore seconds)', Buffer.from(relayA.certificateDer).indexOf('250101000000Z') + 11],
    ['a signature byte', relayA.certificateDer.length - 1],
  ])('rejects the certificate once %s is changed', (label, index) => {
    expect(index).toBeGreaterThan(4);
    const tampered = new Uint8Array(relayA.certificateDer);
    tampered[index] = (tampered[index] ?? 0) ^ 0x01;
    const name = label.replace(/\W+/g, '-');
    const derPath = writeFile(`${name}.der`, tampered);
    const pemPath = join(workDir, `${name}.pem`);
    expect(openssl('x509', '-inform', 'DER', '-in', derPath, '-out', pemPath).exitCode).toBe(0);
    const verdict = verifySelfSigned(pemPath);
    expect(verdict.exitCode).not.toBe(0);
    expect(verdict.stdout + verdict.stderr).toContain('certificate signature failure');
  });
});

const clientAddress: HostPort = { host: '127.0.0.1', port: 50_000 };
const relayAddress: HostPort = { host: '127.0.0.1', port: 4_433 };

function quicConfig(config: QuicheConfig): QuicheConfig {
  config.setApplicationProtos(['voice']);
  config.setInitialMaxData(256 * 1024);
  config.setInitialMaxStreamDataBidiLocal(64 * 1024);
  config.setInitialMaxStreamDataBidiRemote(64 * 1024);
  config.setInitialMaxStreamsBidi(16);
  config.enableDgram(true, 64, 64);
  return config;
}

/** Moves every packet `from` has ready into `to`; returns how many moved. */
function deliver(from: QuicheConnection, to: QuicheConnection): number {
  const buffer = new Uint8Array(65_535);
  let moved = 0;
  for (let sent = from.send(buffer); sent !== null; sent = from.send(buffer)) {
    const [length, info] = sent;
    to.recv(buffer.slice(0, length), { from: info.from, to: info.to });
    moved++;
  }
  return moved;
}

/** A client and the relay before any packet; the relay serves relayA with Ed25519 as its only signature scheme. */
function connections(clientSigalgs: string | null): { client: QuicheConnection; relay: QuicheConnection } {
  const relayConfig = quicConfig(
    quiche.Config.withBoringSslCtx(false, false, null, [relayA.privateKeyPem], [relayA.certificatePem], 'ed25519'),
  );
  const clientConfig = quicConfig(quiche.Config.withBoringSslCtx(false, false, null, null, null, clientSigalgs));
  const scid = () => crypto.getRandomValues(new Uint8Array(16));
  return {
    client: quiche.Connection.connect('relay', scid(), clientAddress, relayAddress, clientConfig),
    relay: quiche.Connection.accept(scid(), null, relayAddress, clientAddress, relayConfig),
  };
}

/** Moves packets both ways in memory until both ends are established or nothing moves; quiche's throws propagate. */
function handshake(client: QuicheConnection, relay: QuicheConnection): void {
  for (let round = 0; round < 20 && !(client.isEstablished() && relay.isEstablished()); round++) {
    if (deliver(client, relay) + deliver(relay, client) === 0) return;
  }
}

describe('QUIC handshake with quiche', () => {
  test('a client offering Ed25519 establishes, receives this certificate and pins it by fingerprint', () => {
    const { client, relay } = connections('ed25519');
    handshake(client, relay);
    expect(client.isEstablished()).toBe(true);
    expect(relay.isEstablished()).toBe(true);
    expect(new TextDecoder().decode(client.applicationProto())).toBe('voice');
    const chain = client.peerCertChain();
    expect(chain).toHaveLength(1);
    const presented = chain?.[0] ?? new Uint8Array(0);
    expect(Buffer.from(presented).toString('hex')).toBe(Buffer.from(relayA.certificateDer).toString('hex'));
    expect(certificateFingerprint(presented)).toBe(relayA.fingerprint);
  });

  test('a client with default signature algorithms fails with TlsFail and never establishes', () => {
    const { client, relay } = connections(null);
    expect(() => handshake(client, relay)).toThrow('TlsFail');
    expect(client.isEstablished()).toBe(false);
    expect(relay.isEstablished()).toBe(false);
  });
});

/** A certificate with the relay profile's shape around an arbitrary SubjectPublicKeyInfo (signature is filler). */
function certificateWithKeyInfo(algorithm: Uint8Array, subjectPublicKey: Uint8Array): Uint8Array {
  const sequence = (...parts: Uint8Array[]) => encodeTlv(DER_TAG.sequence, ...parts);
  const ed25519 = sequence(encodeTlv(DER_TAG.objectIdentifier, Uint8Array.of(0x2b, 0x65, 0x70)));
  const tbs = sequence(
    encodeTlv(DER_TAG.context0, encodeTlv(DER_TAG.integer, Uint8Array.of(2))),
    encodeTlv(DER_TAG.integer, Uint8Array.of(1)),
    ed25519,
    sequence(),
    sequence(),
    sequence(),
    sequence(algorithm, encodeTlv(DER_TAG.bitString, Uint8Array.of(0), subjectPublicKey)),
  );
  return sequence(tbs, ed25519, encodeTlv(DER_TAG.bitString, Uint8Array.of(0), new Uint8Array(64)));
}

function ecdsaCertificate(): Uint8Array {
  const { exitCode } = openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    'ecdsa-key.pem',
    '-out',
    'ecdsa.der',
    '-outform',
    'DER',
    '-subj',
    '/CN=ecdsa',
    '-days',
    '1',
  );
  expect(exitCode).toBe(0);
  return new Uint8Array(readFileSync(join(workDir, 'ecdsa.der')));
}

describe('certificateFingerprint refuses', () => {
  const der = relayA.certificateDer;
  const ed25519Oid = encodeTlv(DER_TAG.objectIdentifier, Uint8Array.of(0x2b, 0x65, 0x70));
  const withOuterLength = (delta: number) => {
    const copy = new Uint8Array(der);
    new DataView(copy.buffer).setUint16(2, new DataView(der.buffer).getUint16(2) + delta);
    return copy;
  };
  const cases: [string, () => Uint8Array, CertificateErrorCode][] = [
    ['empty input', () => new Uint8Array(0), 'malformed_der'],
    ['truncated after the tag', () => der.subarray(0, 1), 'malformed_der'],
    ['truncated inside the length', () => der.subarray(0, 3), 'malformed_der'],
    ['truncated after the header', () => der.subarray(0, 4), 'malformed_der'],
    ['truncated in the middle', () => der.subarray(0, Math.floor(der.length / 2)), 'malformed_der'],
    ['truncated by one byte', () => der.subarray(0, der.length - 1), 'malformed_der'],
    ['a SET as outer tag', () => Uint8Array.of(DER_TAG.set, ...der.subarray(1)), 'malformed_der'],
    ['an outer length past the end', () => withOuterLength(1), 'malformed_der'],
    ['an outer length short of the content', () => withOuterLength(-1), 'malformed_der'],
    [
      'an indefinite outer length',
      () => Uint8Array.of(DER_TAG.sequence, 0x80, ...der.subarray(4), 0, 0),
      'malformed_der',
    ],
    ['a non-minimal length', () => Uint8Array.of(DER_TAG.sequence, 0x81, 0x05, ...new Uint8Array(5)), 'malformed_der'],
    ['a trailing byte', () => Uint8Array.of(...der, 0), 'malformed_der'],
    ['an ECDSA P-256 certificate', ecdsaCertificate, 'not_ed25519'],
    [
      'Ed25519 with parameters',
      () => certificateWithKeyInfo(encodeTlv(DER_TAG.sequence, ed25519Oid, Uint8Array.of(0x05, 0)), new Uint8Array(32)),
      'not_ed25519',
    ],
    [
      'a 31-byte Ed25519 key',
      () => certificateWithKeyInfo(encodeTlv(DER_TAG.sequence, ed25519Oid), new Uint8Array(31)),
      'invalid_public_key',
    ],
    [
      'a 33-byte Ed25519 key',
      () => certificateWithKeyInfo(encodeTlv(DER_TAG.sequence, ed25519Oid), new Uint8Array(33)),
      'invalid_public_key',
    ],
  ];

  test.each(cases)('%s', (_label, input, code) => {
    const bytes = input();
    expectCertificateError(() => certificateFingerprint(bytes), code);
  });

  test('the profile builder itself yields a certificate that is accepted with a 32-byte key', () => {
    const key = keysA.ed25519.publicKey;
    const built = certificateWithKeyInfo(encodeTlv(DER_TAG.sequence, ed25519Oid), key);
    expect(certificateFingerprint(built)).toBe(fingerprint(key));
  });
});
