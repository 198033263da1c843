// @keel/voice-client: the client side of voice calls (the `voice` command line is built on it): room calls through a
// relay and direct calls, the audio loop, WAV files, resampling, and the objective audio comparison the tests use.

export {
  AudioCompareError,
  type AudioCompareErrorCode,
  bestLagCorrelation,
  type LagCorrelation,
  logSpectralDistance,
} from './audio-compare.ts';
export { CallListener, type ListenOptions } from './call-listener.ts';
export { CallMedia, type CallMediaOptions, type CallStats } from './call-media.ts';
export {
  MAX_INPUT_RATE,
  MIN_INPUT_RATE,
  resampleTo48k,
  TARGET_RATE,
  UnsupportedSampleRateError,
} from './resample-48k.ts';
export {
  type CallEnd,
  type CallOptions,
  type CallRole,
  type DialOptions,
  type KeyedCall,
  VoiceCall,
} from './voice-call.ts';
export { readWav, toMono48k, type WavAudio, WavError, type WavErrorCode, writeWav } from './wav.ts';
