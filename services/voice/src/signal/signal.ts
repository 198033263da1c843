// The nine call-signalling messages of the voice protocol as one discriminated union (docs/voice-signals.md).

/** Quality profiles by their seed names; GOOD has the highest bitrate, CATASTROPHIC the lowest. */
export const QUALITY_PROFILES = ['GOOD', 'DEGRADED', 'CATASTROPHIC'] as const;
export type QualityProfile = (typeof QUALITY_PROFILES)[number];

/**
 * Why a call ended. `Normal` is the seed's; the rest are ours (docs/voice-signals.md, "Hangup reasons").
 * A verifier that rejects a signature hangs up with `BadSignature` or `IdentityMismatch`.
 */
export const HANGUP_REASONS = [
  'Normal',
  'Busy',
  'Declined',
  'Timeout',
  'BadSignature',
  'IdentityMismatch',
  'AuthFailed',
  'NoCommonProfile',
  'ProtocolError',
  'RelayFull',
] as const;
export type HangupReason = (typeof HANGUP_REASONS)[number];

export const SIGNAL_TYPES = [
  'CallOffer',
  'CallAnswer',
  'IceCandidate',
  'Rekey',
  'QualityUpdate',
  'Ping',
  'Pong',
  'Hangup',
  'AuthToken',
] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

/** Ed25519 and X25519 public keys are 32 bytes (RFC 8032 §5.1.5, RFC 7748 §5). */
export const PUBLIC_KEY_BYTES = 32;
/** Ed25519 signatures are 64 bytes (RFC 8032 §5.1.6). */
export const SIGNATURE_BYTES = 64;

/**
 * The same four one-byte fields, with the same encodings, as the media packet's quality trailer, so a report moves
 * between the trailer and a QualityUpdate without loss.
 */
export interface QualityReport {
  /** 0-255 maps to 0-100 % loss. */
  readonly lossPct: number;
  /** Round-trip time in units of 4 ms (0-1020 ms). */
  readonly rtt4ms: number;
  readonly jitterMs: number;
  readonly bitrateCapKbps: number;
}

export interface CallOffer {
  readonly type: 'CallOffer';
  readonly identityPub: Uint8Array;
  readonly ephemeralPub: Uint8Array;
  /** Ed25519 by identityPub over ephemeralPub followed by `call-offer` (signatures.ts). */
  readonly signature: Uint8Array;
  /** Distinct profiles the caller can send and receive, in its order of preference. */
  readonly supportedProfiles: readonly QualityProfile[];
  /** The relay room to join; null for a direct call or a relay in forward mode. */
  readonly room: string | null;
}

export interface CallAnswer {
  readonly type: 'CallAnswer';
  readonly identityPub: Uint8Array;
  readonly ephemeralPub: Uint8Array;
  /** Ed25519 by identityPub over ephemeralPub followed by `call-answer` (signatures.ts). */
  readonly signature: Uint8Array;
  readonly chosenProfile: QualityProfile;
}

export interface IceCandidate {
  readonly type: 'IceCandidate';
  /** An RFC 8839 §5.1 candidate-attribute value, printable ASCII. */
  readonly candidate: string;
}

export interface Rekey {
  readonly type: 'Rekey';
  readonly newEphemeralPub: Uint8Array;
  /** Ed25519 by the sender's identity key over newEphemeralPub followed by the 4-byte session id. */
  readonly signature: Uint8Array;
}

export interface QualityUpdate {
  readonly type: 'QualityUpdate';
  readonly report: QualityReport;
  readonly recommendedProfile: QualityProfile;
}

export interface Ping {
  readonly type: 'Ping';
  /** Sender's clock in ms; echoed unchanged in the Pong. At most 2^53 - 1 so JSON carries it exactly. */
  readonly timestampMs: number;
}

export interface Pong {
  readonly type: 'Pong';
  readonly timestampMs: number;
}

export interface Hangup {
  readonly type: 'Hangup';
  readonly reason: HangupReason;
}

export interface AuthToken {
  readonly type: 'AuthToken';
  /** The chat server's bearer token, forwarded verbatim as `Authorization: Bearer <token>` to auth_url. */
  readonly token: string;
}

export type Signal = CallOffer | CallAnswer | IceCandidate | Rekey | QualityUpdate | Ping | Pong | Hangup | AuthToken;
