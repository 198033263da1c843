// One example of every signal variant, shared by the codec and framing tests.

import type { Signal } from '../../src/signal/signal.ts';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

export const EXAMPLES: readonly Signal[] = [
  {
    type: 'CallOffer',
    identityPub: bytes(32, 0x11),
    ephemeralPub: bytes(32, 0x22),
    signature: bytes(64, 0x33),
    supportedProfiles: ['GOOD', 'DEGRADED', 'CATASTROPHIC'],
    room: 'lobby-1',
  },
  {
    type: 'CallOffer',
    identityPub: bytes(32, 0xa1),
    ephemeralPub: bytes(32, 0xb2),
    signature: bytes(64, 0xc3),
    supportedProfiles: ['CATASTROPHIC'],
    room: null,
  },
  {
    type: 'CallAnswer',
    identityPub: bytes(32, 0x44),
    ephemeralPub: bytes(32, 0x55),
    signature: bytes(64, 0x66),
    chosenProfile: 'GOOD',
  },
  { type: 'IceCandidate', candidate: 'candidate:1 1 UDP 2130706431 192.0.2.1 4433 typ host' },
  { type: 'Rekey', newEphemeralPub: bytes(32, 0x77), signature: bytes(64, 0x88) },
  {
    type: 'QualityUpdate',
    report: { lossPct: 26, rtt4ms: 25, jitterMs: 12, bitrateCapKbps: 255 },
    recommendedProfile: 'DEGRADED',
  },
  { type: 'Ping', timestampMs: 0 },
  { type: 'Pong', timestampMs: Number.MAX_SAFE_INTEGER },
  { type: 'Hangup', reason: 'Normal' },
  { type: 'Hangup', reason: 'BadSignature' },
  { type: 'AuthToken', token: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' },
];
