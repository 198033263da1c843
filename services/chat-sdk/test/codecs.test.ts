// Every parser against a table of malformed inputs (each a typed error, never a half-decoded value), plus round trips.

import { describe, expect, test } from 'bun:test';
import {
  createPrekeyStore,
  decodeMessage,
  decodePreKeyMessage,
  decodePrekeyStore,
  decryptMessage,
  deserializeSession,
  encodeMessage,
  encodePrekeyStore,
  encryptMessage,
  generateOneTimePrekeys,
  generateSignedPrekey,
  MAX_SKIPPED_KEYS,
  MalformedInputError,
  serializeSession,
  startSession,
  TooShortError,
  UnsupportedVersionError,
} from '../src/index.ts';
import { text } from './support/hex.ts';
import { bundleOf, connect, createParty, sendMany } from './support/parties.ts';

type ErrorClass = new (...args: never[]) => Error;
type Row = [string, (valid: Uint8Array) => Uint8Array, ErrorClass];

const patched = (valid: Uint8Array, at: number, ...bytes: number[]): Uint8Array => {
  const copy = valid.slice();
  copy.set(bytes, at);
  return copy;
};
const u32 = (value: number): number[] => [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];

const alice = await createParty();
const bob = await createParty();
const pair = connect(alice, bob);
const MESSAGE = encryptMessage(pair.initiator, text('valid'));
const PREKEY_MESSAGE = encryptMessage(startSession(alice.identity, bundleOf(bob)), text('valid'));
const SESSION = serializeSession(startSession(alice.identity, bundleOf(bob)));

const store = createPrekeyStore();
generateSignedPrekey(alice.identity, store);
generateOneTimePrekeys(store, 2);
const STORE = encodePrekeyStore(store);

const parsers: [string, Uint8Array, (bytes: Uint8Array) => unknown, Row[]][] = [
  [
    'decodeMessage',
    MESSAGE,
    decodeMessage,
    [
      ['empty input', () => new Uint8Array(0), TooShortError],
      ['wrong version', (v) => patched(v, 0, 2), UnsupportedVersionError],
      ['cut inside the header', (v) => v.subarray(0, 20), TooShortError],
      ['cut inside the nonce', (v) => v.subarray(0, 50), TooShortError],
      ['ciphertext shorter than the tag', (v) => v.subarray(0, 1 + 40 + 24 + 15), MalformedInputError],
    ],
  ],
  [
    'decodePreKeyMessage',
    PREKEY_MESSAGE,
    decodePreKeyMessage,
    [
      ['empty input', () => new Uint8Array(0), TooShortError],
      ['wrong version', (v) => patched(v, 0, 1), UnsupportedVersionError],
      ['cut inside the keys', (v) => v.subarray(0, 70), TooShortError],
      ['cut inside the prekey ids', (v) => v.subarray(0, 99), TooShortError],
      ['signed prekey id 0', (v) => patched(v, 97, ...u32(0)), MalformedInputError],
      ['signed prekey id 2^24', (v) => patched(v, 97, ...u32(2 ** 24)), MalformedInputError],
      ['one-time prekey id 2^24', (v) => patched(v, 101, ...u32(2 ** 24)), MalformedInputError],
      ['no inner message', (v) => v.subarray(0, 105), TooShortError],
      ['inner message of the wrong version', (v) => patched(v, 105, 2), UnsupportedVersionError],
      ['inner message cut short', (v) => v.subarray(0, 150), TooShortError],
    ],
  ],
  [
    'deserializeSession',
    SESSION,
    deserializeSession,
    [
      ['empty input', () => new Uint8Array(0), TooShortError],
      ['wrong version', (v) => patched(v, 0, 2), UnsupportedVersionError],
      ['unknown role', (v) => patched(v, 1, 2), MalformedInputError],
      ['unknown flag bits', (v) => patched(v, 2, (v[2] as number) | 0x10), MalformedInputError],
      [
        'a flag promising a field that is not there',
        (v) => patched(v, 2, (v[2] as number) | 0x04),
        MalformedInputError,
      ],
      ['cut inside the associated data', (v) => v.subarray(0, 100), TooShortError],
      ['cut before the skipped-key count', (v) => v.subarray(0, v.length - 2), TooShortError],
      ['trailing bytes', (v) => new Uint8Array([...v, 0]), MalformedInputError],
      [
        'skipped-key count above the bound',
        (v) => patched(v, v.length - 4, ...u32(MAX_SKIPPED_KEYS + 1)),
        MalformedInputError,
      ],
      ['skipped-key count beyond the input', (v) => patched(v, v.length - 4, ...u32(3)), MalformedInputError],
    ],
  ],
  [
    'decodePrekeyStore',
    STORE,
    decodePrekeyStore,
    [
      ['empty input', () => new Uint8Array(0), TooShortError],
      ['wrong version', (v) => patched(v, 0, 9), UnsupportedVersionError],
      ['count beyond the input', (v) => patched(v, 1, ...u32(1000)), MalformedInputError],
      ['key id 0', (v) => patched(v, 5, ...u32(0)), MalformedInputError],
      [
        'a duplicated one-time key id',
        (v) => patched(v, 5 + 68 + 4 + 68, ...v.subarray(5 + 68 + 4, 5 + 68 + 8)),
        MalformedInputError,
      ],
      ['cut inside an entry', (v) => v.subarray(0, 40), MalformedInputError],
      ['trailing bytes', (v) => new Uint8Array([...v, 1]), MalformedInputError],
    ],
  ],
];

describe.each(parsers)('%s', (_name, valid, parse, rows) => {
  test('accepts the valid encoding it is mutated from', () => {
    expect(() => parse(valid)).not.toThrow();
  });

  test.each(rows)('refuses %s with a typed error', (_row, mutate, error) => {
    expect(() => parse(mutate(valid))).toThrow(error);
  });
});

describe('round trips', () => {
  test('an ordinary message re-encodes to the same bytes', () => {
    expect(encodeMessage(decodeMessage(MESSAGE))).toEqual(MESSAGE);
  });

  test('a session with skipped keys and one with a pending PreKeyMessage re-serialize to the same bytes', () => {
    const responder = pair.responder;
    const [, late] = sendMany(pair.initiator, 2, 'x') as [Uint8Array, Uint8Array];
    decryptMessage(responder, late);
    expect(responder.ratchet.skipped.size).toBeGreaterThan(0);
    for (const bytes of [serializeSession(responder), SESSION])
      expect(serializeSession(deserializeSession(bytes))).toEqual(bytes);
  });

  test('a prekey store re-encodes to the same bytes', () => {
    expect(encodePrekeyStore(decodePrekeyStore(STORE))).toEqual(STORE);
  });
});
