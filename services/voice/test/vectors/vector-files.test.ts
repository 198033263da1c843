// Runs every published and own vector file under test/vectors in both directions where the operation allows.

import { describe, expect, test } from 'bun:test';
import { extract, hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { sodium } from '../../src/crypto/sodium.ts';
import {
  decodeMediaHeader,
  decodeQualityTrailer,
  encodeMediaHeader,
  encodeQualityTrailer,
  fromHex,
  mediaHeaderToJson,
  openSealed,
  parseMediaHeaderJson,
  publicKeyOf,
  sharedSecret,
  toHex,
} from '../../src/index.ts';
import aeadRows from './chacha20-poly1305.json';
import hkdfRows from './hkdf-sha256.json';
import headerRows from './media-header.json';
import trailerRows from './quality-trailer.json';
import x25519Rows from './x25519.json';

const bytes = (hex: string) => fromHex('vector', hex);

describe('ChaCha20-Poly1305-IETF (RFC 8439)', () => {
  test.each(aeadRows)('$source $name seals to the published ciphertext and tag', (row) => {
    const sealed = sodium.crypto_aead_chacha20poly1305_ietf_encrypt(
      bytes(row.plaintext),
      bytes(row.aad),
      null,
      bytes(row.nonce),
      bytes(row.key),
    );
    expect(toHex(sealed)).toBe(row.ciphertext + row.tag);
  });

  test.each(aeadRows)('$source $name opens back to the plaintext', (row) => {
    const opened = openSealed(bytes(row.key), bytes(row.nonce), bytes(row.aad), bytes(row.ciphertext + row.tag));
    expect(opened.kind === 'opened' ? toHex(opened.plaintext) : opened.kind).toBe(row.plaintext);
  });
});

describe('X25519 (RFC 7748)', () => {
  test.each(x25519Rows)('$source $name', (row) => {
    const out =
      row.kind === 'public' ? publicKeyOf(bytes(row.scalar)) : sharedSecret(bytes(row.scalar), bytes(row.peer ?? ''));
    expect(toHex(out)).toBe(row.output);
  });
});

describe('HKDF-SHA256 (RFC 5869)', () => {
  test.each(hkdfRows)('$source $name', (row) => {
    const salt = row.salt === '' ? undefined : bytes(row.salt);
    expect({
      prk: toHex(extract(sha256, bytes(row.ikm), salt)),
      okm: toHex(hkdf(sha256, bytes(row.ikm), salt, bytes(row.info), row.length)),
    }).toEqual({ prk: row.prk, okm: row.okm });
  });
});

describe('media header (own vectors, hex written by hand from the bit layout)', () => {
  const wire = (f: (typeof headerRows)[number]['fields']) =>
    f.b0 + f.b1 + f.seq + f.timestamp + f.block + f.symbol + f.reserved + f.csrc;

  test.each(headerRows)('$name encodes to its hand-written bytes', (row) => {
    expect(toHex(encodeMediaHeader(parseMediaHeaderJson(row.decoded)))).toBe(wire(row.fields));
  });

  test.each(headerRows)('$name decodes from its hand-written bytes', (row) => {
    expect(mediaHeaderToJson(decodeMediaHeader(bytes(wire(row.fields))))).toEqual(row.decoded);
  });
});

describe('quality trailer (own vectors)', () => {
  test.each(trailerRows)('$name encodes to $hex', (row) => {
    expect(toHex(encodeQualityTrailer(row.decoded))).toBe(row.hex);
  });

  test.each(trailerRows)('$name decodes from $hex', (row) => {
    expect(decodeQualityTrailer(bytes(row.hex))).toEqual(row.decoded);
  });
});
