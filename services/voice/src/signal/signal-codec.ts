// encodeSignal/decodeSignal: one signal to and from its UTF-8 JSON payload, strictly validated both ways.

import { bytesToHex } from '@noble/hashes/utils.js';
import { ROOM_NAME, ROOM_NAME_RULE } from './room-name.ts';
import {
  HANGUP_REASONS,
  PUBLIC_KEY_BYTES,
  type QualityReport,
  SIGNAL_TYPES,
  SIGNATURE_BYTES,
  type Signal,
  type SignalType,
} from './signal.ts';
import { SignalDecodeError } from './signal-error.ts';
import { isJsonObject, type JsonObject, SignalFields } from './signal-fields.ts';

/** RFC 8839 §5.1 candidate attributes are short ASCII lines; 1024 leaves room for every extension seen in practice. */
const CANDIDATE = /^[\x20-\x7e]{1,1024}$/;
/** RFC 6750 §2.1 b64token, so the relay can put the token in an Authorization header as it is. */
const TOKEN = /^(?=.{1,1024}$)[A-Za-z0-9\-._~+/]+=*$/;
const U8_MAX = 255;

const FIELDS: Readonly<Record<SignalType, readonly string[]>> = {
  CallOffer: ['type', 'identity_pub', 'ephemeral_pub', 'signature', 'supported_profiles', 'room'],
  CallAnswer: ['type', 'identity_pub', 'ephemeral_pub', 'signature', 'chosen_profile'],
  IceCandidate: ['type', 'candidate'],
  Rekey: ['type', 'new_ephemeral_pub', 'signature'],
  QualityUpdate: ['type', 'report', 'recommended_profile'],
  Ping: ['type', 'timestamp_ms'],
  Pong: ['type', 'timestamp_ms'],
  Hangup: ['type', 'reason'],
  AuthToken: ['type', 'token'],
};
const REPORT_FIELDS = ['loss_pct', 'rtt_4ms', 'jitter_ms', 'bitrate_cap_kbps'];

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8Encoder = new TextEncoder();

/**
 * The JSON payload of `signal` as UTF-8 bytes, keys in the documented order. The wire form is validated with the
 * decoder's rules first, so an out-of-range field is refused here rather than by the peer.
 */
export function encodeSignal(signal: Signal): Uint8Array {
  const wire = toWire(signal);
  fromWire(wire);
  return utf8Encoder.encode(JSON.stringify(wire));
}

/** Parses and validates one JSON payload; throws SignalDecodeError with a stable code on any defect. */
export function decodeSignal(payload: Uint8Array): Signal {
  let text: string;
  try {
    text = utf8.decode(payload);
  } catch (cause) {
    throw new SignalDecodeError('signal_invalid_utf8', 'signal payload is not valid UTF-8', { cause });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new SignalDecodeError('signal_malformed_json', 'signal payload is not valid JSON', { cause });
  }
  if (!isJsonObject(value)) throw new SignalDecodeError('signal_not_object', 'signal payload must be a JSON object');
  return fromWire(value);
}

function fromWire(object: JsonObject): Signal {
  if (!Object.hasOwn(object, 'type')) {
    throw new SignalDecodeError('signal_missing_field', 'missing field type', { field: 'type' });
  }
  const type = object.type;
  if (typeof type !== 'string' || !(SIGNAL_TYPES as readonly string[]).includes(type)) {
    throw new SignalDecodeError('signal_unknown_type', `unknown signal type ${JSON.stringify(type)}`, {
      field: 'type',
    });
  }
  const known = type as SignalType;
  const f = new SignalFields(object, FIELDS[known]);
  switch (known) {
    case 'CallOffer':
      return {
        type: known,
        identityPub: f.bytes('identity_pub', PUBLIC_KEY_BYTES),
        ephemeralPub: f.bytes('ephemeral_pub', PUBLIC_KEY_BYTES),
        signature: f.bytes('signature', SIGNATURE_BYTES),
        supportedProfiles: f.profiles('supported_profiles'),
        room: f.nullableText('room', ROOM_NAME, `must be null or ${ROOM_NAME_RULE}`),
      };
    case 'CallAnswer':
      return {
        type: known,
        identityPub: f.bytes('identity_pub', PUBLIC_KEY_BYTES),
        ephemeralPub: f.bytes('ephemeral_pub', PUBLIC_KEY_BYTES),
        signature: f.bytes('signature', SIGNATURE_BYTES),
        chosenProfile: f.profile('chosen_profile'),
      };
    case 'IceCandidate':
      return { type: known, candidate: f.text('candidate', CANDIDATE, 'must be 1-1024 printable ASCII characters') };
    case 'Rekey':
      return {
        type: known,
        newEphemeralPub: f.bytes('new_ephemeral_pub', PUBLIC_KEY_BYTES),
        signature: f.bytes('signature', SIGNATURE_BYTES),
      };
    case 'QualityUpdate':
      return {
        type: known,
        report: readReport(f.object('report', REPORT_FIELDS)),
        recommendedProfile: f.profile('recommended_profile'),
      };
    case 'Ping':
    case 'Pong':
      return { type: known, timestampMs: f.integer('timestamp_ms', 0, Number.MAX_SAFE_INTEGER) };
    case 'Hangup':
      return { type: known, reason: f.oneOf('reason', HANGUP_REASONS) };
    case 'AuthToken':
      return { type: known, token: f.text('token', TOKEN, 'must be an RFC 6750 b64token of 1-1024 characters') };
  }
}

function readReport(f: SignalFields): QualityReport {
  return {
    lossPct: f.integer('loss_pct', 0, U8_MAX),
    rtt4ms: f.integer('rtt_4ms', 0, U8_MAX),
    jitterMs: f.integer('jitter_ms', 0, U8_MAX),
    bitrateCapKbps: f.integer('bitrate_cap_kbps', 0, U8_MAX),
  };
}

function toWire(signal: Signal): JsonObject {
  switch (signal.type) {
    case 'CallOffer':
      return {
        type: signal.type,
        identity_pub: bytesToHex(signal.identityPub),
        ephemeral_pub: bytesToHex(signal.ephemeralPub),
        signature: bytesToHex(signal.signature),
        supported_profiles: signal.supportedProfiles,
        room: signal.room,
      };
    case 'CallAnswer':
      return {
        type: signal.type,
        identity_pub: bytesToHex(signal.identityPub),
        ephemeral_pub: bytesToHex(signal.ephemeralPub),
        signature: bytesToHex(signal.signature),
        chosen_profile: signal.chosenProfile,
      };
    case 'IceCandidate':
      return { type: signal.type, candidate: signal.candidate };
    case 'Rekey':
      return {
        type: signal.type,
        new_ephemeral_pub: bytesToHex(signal.newEphemeralPub),
        signature: bytesToHex(signal.signature),
      };
    case 'QualityUpdate':
      return {
        type: signal.type,
        report: {
          loss_pct: signal.report.lossPct,
          rtt_4ms: signal.report.rtt4ms,
          jitter_ms: signal.report.jitterMs,
          bitrate_cap_kbps: signal.report.bitrateCapKbps,
        },
        recommended_profile: signal.recommendedProfile,
      };
    case 'Ping':
    case 'Pong':
      return { type: signal.type, timestamp_ms: signal.timestampMs };
    case 'Hangup':
      return { type: signal.type, reason: signal.reason };
    case 'AuthToken':
      return { type: signal.type, token: signal.token };
  }
}
