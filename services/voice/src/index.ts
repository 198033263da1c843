// @keel/voice: the sans-IO voice core's public surface (packets, per-call crypto, anti-replay, interop vectors).

export { ByteCursor } from './codec/byte-cursor.ts';
export { fromHex, toHex } from './codec/hex.ts';
export { type Aead, wasmAead } from './crypto/aead.ts';
export { buildNonce, Direction, NONCE_LENGTH } from './crypto/nonce.ts';
export { type OpenSealedResult, openPacket, openSealed, sealPacket } from './crypto/packet-crypto.ts';
export {
  type OpenResult,
  PacketOpener,
  REKEY_GRACE_MS,
  REKEY_GRACE_PACKETS,
  recoverIndex,
} from './crypto/packet-opener.ts';
export {
  MAX_PACKETS_PER_KEY,
  type OutgoingHeader,
  PacketSealer,
  REKEY_INTERVAL_PACKETS,
  REKEY_LEAD_PACKETS,
  type SealedMedia,
} from './crypto/packet-sealer.ts';
export { REPLAY_WINDOW_SIZE, type ReplayVerdict, ReplayWindow } from './crypto/replay-window.ts';
export {
  deriveRekeyKey,
  deriveSessionKey,
  type EphemeralKeyPair,
  erase,
  generateEphemeral,
  KEY_LENGTH,
  publicKeyOf,
  SESSION_ID_LENGTH,
  sessionIdOf,
  sharedSecret,
} from './crypto/session-keys.ts';
export {
  BufferTooShortError,
  DatagramTooLargeError,
  FecError,
  InvalidHeaderError,
  InvalidKeyError,
  InvalidQualityReportError,
  InvalidVectorInputError,
  NonceExhaustedError,
  VoiceError,
} from './errors.ts';
export { BlockDecoder, type RecoveredPayload } from './fec/block-decoder.ts';
export { encodeRepairSymbols } from './fec/block-encoder.ts';
export { MAX_FEC_PAYLOAD_BYTES, MAX_SYMBOL_BYTES } from './fec/block-symbols.ts';
export { MAX_ESI, MAX_SOURCE_SYMBOLS, RaptorqCode, raptorqCode } from './fec/raptorq-code.ts';
export {
  chooseRepairCount,
  DEFAULT_RESIDUAL_TARGET,
  maxRepairCount,
  modelResidualLoss,
  ratioField,
  repairCountFromField,
} from './fec/repair-count.ts';
export { headerVector, rekeyVector, sealVector, sessionVector } from './interop-vectors.ts';
export {
  AdaptiveTarget,
  type AdaptiveTargetConfig,
  DEFAULT_DELAY_QUANTILE,
  DEFAULT_DELAY_WINDOW_MS,
} from './jitter/adaptive-target.ts';
export {
  JitterBuffer,
  type JitterCounters,
  type JitterPacket,
  type PlayoutResult,
  type PushResult,
} from './jitter/jitter-buffer.ts';
export {
  ADAPTIVE_CALL_JITTER_CONFIG,
  InvalidJitterConfigError,
  type JitterBufferConfig,
  SEED_JITTER_CONFIG,
} from './jitter/jitter-config.ts';
export { BlockTracker, type RecoveredPacket } from './media/block-tracker.ts';
export {
  type MediaFrame,
  MediaReceiver,
  type MediaReceiverCounters,
  type ReceiveResult,
  type RejectReason,
} from './media/media-receiver.ts';
export { MAX_MEDIA_FRAME_BYTES, MediaSender, type MediaSenderOptions } from './media/media-sender.ts';
export { CodecId, isCodecId } from './packet/codec-id.ts';
export { CODEC_TIMING, type CodecTiming } from './packet/codec-timing.ts';
export { checkDatagramSize } from './packet/datagram-limit.ts';
export { type MediaHeaderJson, mediaHeaderToJson, parseMediaHeaderJson } from './packet/header-json.ts';
export {
  decodeMediaHeader,
  encodeMediaHeader,
  MAX_FEC_RATIO,
  MEDIA_HEADER_LENGTH,
  MEDIA_VERSION,
  type MediaHeader,
  mediaAad,
  validateMediaHeader,
} from './packet/media-header.ts';
export {
  AEAD_TAG_LENGTH,
  CSRC_LENGTH,
  decodeMediaPacket,
  decodeRepairPacket,
  encodeMediaPacket,
  encodeRepairPacket,
  type MediaPacket,
  type RepairPacket,
} from './packet/media-packet.ts';
export {
  decodeQualityTrailer,
  encodeQualityTrailer,
  QUALITY_TRAILER_LENGTH,
  type QualityReport,
} from './packet/quality-trailer.ts';
export { seqAdd, seqBefore, seqDistance } from './packet/serial-number.ts';
export { Ewma, PATH_SMOOTHING } from './path/ewma.ts';
export { BANDWIDTH_WINDOW_MS, INITIAL_RTT_MS, PathMonitor, type PathMonitorConfig } from './path/path-monitor.ts';
export {
  type ClassifiedReport,
  DOWNGRADE_AFTER_REPORTS,
  QUALITY_HISTORY_LENGTH,
  QualityController,
  type TierChange,
  UPGRADE_AFTER_REPORTS,
} from './quality/quality-controller.ts';
export {
  classifyReport,
  floorRatioFor,
  type MediaProfile,
  QUALITY_PROFILES as MEDIA_PROFILES,
  QUALITY_TIERS,
  type QualityTier,
  TIER_THRESHOLDS,
} from './quality/quality-tiers.ts';
export {
  CALL_SESSION_ID_LENGTH,
  type CallEvent,
  CallSession,
  type CallSessionOptions,
  type CallTimeoutKind,
  type CallTimeouts,
  CONNECT_TIMEOUT_MS,
  DEFAULT_CALL_TIMEOUTS,
  HANDSHAKE_TIMEOUT_MS,
  PEER_SILENCE_TIMEOUT_MS,
  type RandomSource,
  REKEY_TIMEOUT_MS,
} from './session/call-session.ts';
export {
  CALL_STATES,
  CALL_TRANSITIONS,
  CALL_TRIGGERS,
  type CallState,
  type CallTrigger,
  LIVE_STATES,
  legalTransitions,
  MEDIA_STATES,
  nextState,
} from './session/call-state.ts';
export { IllegalTransitionError, InvalidSessionIdError } from './session/session-errors.ts';
export {
  encodeFrame,
  type FramerOutput,
  LENGTH_PREFIX_BYTES,
  MAX_SIGNAL_BYTES,
  SignalFramer,
} from './signal/framing.ts';
export { parseRoomName, ROOM_NAME, ROOM_NAME_RULE } from './signal/room-name.ts';
export {
  type AuthToken,
  type CallAnswer,
  type CallOffer,
  HANGUP_REASONS,
  type Hangup,
  type HangupReason,
  type IceCandidate,
  type Ping,
  type Pong,
  PUBLIC_KEY_BYTES,
  QUALITY_PROFILES,
  type QualityProfile,
  type QualityReport as SignalQualityReport,
  type QualityUpdate,
  type Rekey,
  SIGNAL_TYPES,
  SIGNATURE_BYTES,
  type Signal,
  type SignalType,
} from './signal/signal.ts';
export { decodeSignal, encodeSignal } from './signal/signal-codec.ts';
export { SignalDecodeError, SignalError, type SignalErrorCode, SignalFramingError } from './signal/signal-error.ts';
export {
  callAnswerSignedBytes,
  callOfferSignedBytes,
  hangupForSignatureFailure,
  type IdentityKeypair,
  initSignatures,
  REKEY_SESSION_ID_BYTES,
  rekeySignedBytes,
  type SignatureFailure,
  signCallAnswer,
  signCallOffer,
  signRekey,
  type VerifyResult,
  verifyCallAnswer,
  verifyCallOffer,
  verifyRekey,
} from './signal/signatures.ts';
