import { describe, expect, test } from 'bun:test';
import type { Signal } from '../../src/signal/signal.ts';
import { decodeSignal, encodeSignal } from '../../src/signal/signal-codec.ts';
import { SignalDecodeError } from '../../src/signal/signal-error.ts';
import { EXAMPLES } from './fixtures.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

const hex32 = '11'.repeat(32);
const hex64 = '33'.repeat(64);
const offer = {
  type: 'CallOffer',
  identity_pub: hex32,
  ephemeral_pub: hex32,
  signature: hex64,
  supported_profiles: ['GOOD'],
  room: null,
};
const report = { loss_pct: 0, rtt_4ms: 0, jitter_ms: 0, bitrate_cap_kbps: 0 };

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SignalDecodeError) return `${error.code} ${error.field ?? ''}`.trim();
    throw error;
  }
  return 'accepted';
}

describe('signal codec', () => {
  test.each(EXAMPLES.map((signal, index) => [`${signal.type} (example ${index})`, signal]))(
    'a %s survives encode then decode unchanged',
    (_name, signal) => {
      expect(decodeSignal(encodeSignal(signal as Signal))).toEqual(signal as Signal);
    },
  );

  test('a CallOffer is written with snake_case keys in the documented order and lowercase hex', () => {
    expect(text(encodeSignal(EXAMPLES[0] as Signal))).toBe(
      `{"type":"CallOffer","identity_pub":"${'11'.repeat(32)}","ephemeral_pub":"${'22'.repeat(32)}",` +
        `"signature":"${'33'.repeat(64)}","supported_profiles":["GOOD","DEGRADED","CATASTROPHIC"],"room":"lobby-1"}`,
    );
  });

  test('a QualityUpdate nests the four one-byte report fields of the media trailer', () => {
    expect(JSON.parse(text(encodeSignal(EXAMPLES[5] as Signal)))).toEqual({
      type: 'QualityUpdate',
      report: { loss_pct: 26, rtt_4ms: 25, jitter_ms: 12, bitrate_cap_kbps: 255 },
      recommended_profile: 'DEGRADED',
    });
  });

  test.each([
    ['wrong type for a key', { ...offer, identity_pub: 12 }, 'signal_invalid_field identity_pub'],
    ['uppercase hex', { ...offer, identity_pub: 'AB'.repeat(32) }, 'signal_invalid_field identity_pub'],
    ['non-hex characters', { ...offer, ephemeral_pub: 'zz'.repeat(32) }, 'signal_invalid_field ephemeral_pub'],
    ['odd number of hex digits', { ...offer, ephemeral_pub: `${hex32}0` }, 'signal_invalid_field ephemeral_pub'],
    ['a 31-byte key', { ...offer, identity_pub: '11'.repeat(31) }, 'signal_invalid_field identity_pub'],
    ['a 33-byte key', { ...offer, ephemeral_pub: '11'.repeat(33) }, 'signal_invalid_field ephemeral_pub'],
    ['a 63-byte signature', { ...offer, signature: '33'.repeat(63) }, 'signal_invalid_field signature'],
    ['a missing signature', { ...offer, signature: undefined }, 'signal_missing_field signature'],
    ['a missing room (null is required)', { ...offer, room: undefined }, 'signal_missing_field room'],
    ['a room with a space', { ...offer, room: 'my room' }, 'signal_invalid_field room'],
    ['a room of 65 characters', { ...offer, room: 'r'.repeat(65) }, 'signal_invalid_field room'],
    ['no profiles', { ...offer, supported_profiles: [] }, 'signal_invalid_field supported_profiles'],
    [
      'a repeated profile',
      { ...offer, supported_profiles: ['GOOD', 'GOOD'] },
      'signal_invalid_field supported_profiles',
    ],
    ['a lowercase profile', { ...offer, supported_profiles: ['good'] }, 'signal_invalid_field supported_profiles'],
    ['an unknown field', { ...offer, caller: 'alice' }, 'signal_unknown_field caller'],
    [
      'a __proto__ field',
      JSON.parse(`{"type":"Ping","timestamp_ms":1,"__proto__":{}}`),
      'signal_unknown_field __proto__',
    ],
    ['an unknown type', { type: 'CallTransfer' }, 'signal_unknown_type type'],
    ['a lowercase type', { type: 'ping', timestamp_ms: 1 }, 'signal_unknown_type type'],
    ['a numeric type', { type: 3 }, 'signal_unknown_type type'],
    ['no type', { timestamp_ms: 1 }, 'signal_missing_field type'],
    ['a negative timestamp', { type: 'Ping', timestamp_ms: -1 }, 'signal_invalid_field timestamp_ms'],
    ['a fractional timestamp', { type: 'Pong', timestamp_ms: 1.5 }, 'signal_invalid_field timestamp_ms'],
    ['a timestamp past 2^53 - 1', { type: 'Ping', timestamp_ms: 2 ** 53 }, 'signal_invalid_field timestamp_ms'],
    ['a timestamp as a string', { type: 'Ping', timestamp_ms: '5' }, 'signal_invalid_field timestamp_ms'],
    ['an unknown hangup reason', { type: 'Hangup', reason: 'Bored' }, 'signal_invalid_field reason'],
    ['an empty candidate', { type: 'IceCandidate', candidate: '' }, 'signal_invalid_field candidate'],
    ['a candidate with a newline', { type: 'IceCandidate', candidate: 'a\nb' }, 'signal_invalid_field candidate'],
    ['a token with a space', { type: 'AuthToken', token: 'abc def' }, 'signal_invalid_field token'],
    ['a token of 1025 characters', { type: 'AuthToken', token: 'a'.repeat(1025) }, 'signal_invalid_field token'],
    [
      'a loss of 256',
      { type: 'QualityUpdate', report: { ...report, loss_pct: 256 }, recommended_profile: 'GOOD' },
      'signal_invalid_field report.loss_pct',
    ],
    [
      'an unknown report field',
      { type: 'QualityUpdate', report: { ...report, mos: 4 }, recommended_profile: 'GOOD' },
      'signal_unknown_field report.mos',
    ],
    [
      'a report that is an array',
      { type: 'QualityUpdate', report: [1, 2, 3, 4], recommended_profile: 'GOOD' },
      'signal_invalid_field report',
    ],
    ['a JSON array', [offer], 'signal_not_object'],
    ['a JSON null', null, 'signal_not_object'],
  ])('decoding refuses %s', (_name, value, expected) => {
    expect(codeOf(() => decodeSignal(json(value)))).toBe(expected);
  });

  test.each([
    ['malformed JSON', new TextEncoder().encode('{"type":"Ping",'), 'signal_malformed_json'],
    ['invalid UTF-8', Uint8Array.of(0x7b, 0xff, 0x7d), 'signal_invalid_utf8'],
    ['a lone surrogate encoded as UTF-8', Uint8Array.of(0x22, 0xed, 0xa0, 0x80, 0x22), 'signal_invalid_utf8'],
    [
      'JSON with trailing garbage',
      new TextEncoder().encode('{"type":"Hangup","reason":"Normal"}x'),
      'signal_malformed_json',
    ],
  ])('decoding refuses %s', (_name, bytes, expected) => {
    expect(codeOf(() => decodeSignal(bytes))).toBe(expected);
  });

  test('encoding refuses a signal the decoder would refuse, naming the field', () => {
    const bad = { ...(EXAMPLES[2] as Signal), identityPub: new Uint8Array(31) } as Signal;
    expect(codeOf(() => encodeSignal(bad))).toBe('signal_invalid_field identity_pub');
  });
});
