// @keel/native: what the voice core needs from native libraries through bun:ffi (codecs, a faster AEAD).
// Hosts with the Debian packages (relay, CLI) use it; the browser client keeps the core's WASM paths.

export type { Codec2ErrorCode, Codec2Mode } from './codec2.ts';
export { Codec2Decoder, Codec2Encoder, Codec2Error, isCodec2Mode, PCM_SAMPLES_PER_20MS } from './codec2.ts';
export { loadLibrary } from './load-library.ts';
export {
  OPUS_BITRATE_PRESETS,
  OPUS_FRAME_SIZES,
  OPUS_SAMPLE_RATE,
  OpusDecoder,
  OpusEncoder,
  OpusError,
  type OpusErrorCode,
  type OpusFrameSize,
} from './opus.ts';
export { opusPacketHasLbrr } from './opus-packet.ts';
export {
  type HostPort,
  type QuicheBinding,
  type QuicheConfig,
  type QuicheConnection,
  type QuicheConnectionError,
  quiche,
  type SendInfo,
} from './quiche.ts';
export { decimate48to8, interpolate8to48, RESAMPLE_FACTOR } from './resample.ts';
export { nativeAead } from './sodium-aead.ts';
export { pcmSamplesFor, VoiceCodecError, VoiceCodecs } from './voice-codecs.ts';
