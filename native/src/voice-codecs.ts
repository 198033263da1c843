// VoiceCodecs: every codec a call can switch to, by media CodecID, created up front so a switch costs nothing.
//
// One Opus encoder serves the three Opus bitrates (a bitrate change is one ctl and keeps the encoder's history)
// and one Opus decoder decodes them all; Codec2 keeps one encoder and one decoder per mode, because its state is
// mode-specific. Frame durations come from the wire's CODEC_TIMING, so what is encoded is what the header says.

import { CODEC_TIMING, CodecId, isCodecId, MAX_MEDIA_FRAME_BYTES } from '@keel/voice';
import { Codec2Decoder, Codec2Encoder } from './codec2.ts';
import { OPUS_SAMPLE_RATE, OpusDecoder, OpusEncoder } from './opus.ts';

const OPUS_BITRATES: Partial<Record<CodecId, number>> = {
  [CodecId.Opus24k]: 24_000,
  [CodecId.Opus16k]: 16_000,
  [CodecId.Opus6k]: 6_000,
};

export class VoiceCodecError extends Error {
  override readonly name = 'VoiceCodecError';
}

/** 48 kHz mono samples in one frame of `codec`. */
export function pcmSamplesFor(codec: CodecId): number {
  if (!isCodecId(codec)) throw new VoiceCodecError(`unknown codec id ${codec}`);
  return (CODEC_TIMING[codec].frameMs * OPUS_SAMPLE_RATE) / 1000;
}

export class VoiceCodecs {
  readonly #opusEncoder = new OpusEncoder(24_000, { maxPacketBytes: MAX_MEDIA_FRAME_BYTES });
  readonly #opusDecoder = new OpusDecoder();
  readonly #codec2Encoders = { 3200: new Codec2Encoder(3200), 1200: new Codec2Encoder(1200) };
  readonly #codec2Decoders = { 3200: new Codec2Decoder(3200), 1200: new Codec2Decoder(1200) };

  /** Encodes one frame of 48 kHz mono PCM (960 samples for 20 ms codecs, 1920 for 40 ms). */
  encode(codec: CodecId, pcm: Int16Array): Uint8Array {
    const samples = pcmSamplesFor(codec);
    if (pcm.length !== samples) {
      throw new VoiceCodecError(`codec ${codec} takes ${samples} samples per frame, got ${pcm.length}`);
    }
    const bitrate = OPUS_BITRATES[codec];
    if (bitrate === undefined) return this.#codec2Encoders[codec2Mode(codec)].encode(pcm);
    if (this.#opusEncoder.bitrate !== bitrate) this.#opusEncoder.setBitrate(bitrate);
    return this.#opusEncoder.encode(pcm);
  }

  decode(codec: CodecId, frame: Uint8Array): Int16Array {
    if (OPUS_BITRATES[codec] === undefined) return this.#codec2Decoders[codec2Mode(codec)].decode(frame);
    return this.#opusDecoder.decode(frame);
  }

  /**
   * Audio for a frame that never arrived. For Opus, `next` (the following Opus frame, if already here) may carry
   * the lost frame's in-band FEC copy; otherwise the codec conceals.
   */
  conceal(codec: CodecId, next: Uint8Array | null = null): Int16Array {
    if (OPUS_BITRATES[codec] === undefined) return this.#codec2Decoders[codec2Mode(codec)].decodeMissing();
    const samples = pcmSamplesFor(codec);
    return next === null ? this.#opusDecoder.decodeMissing(samples) : this.#opusDecoder.decodeFec(next, samples);
  }

  /** Frees every native codec state. */
  destroy(): void {
    this.#opusEncoder.destroy();
    this.#opusDecoder.destroy();
    for (const codec of [...Object.values(this.#codec2Encoders), ...Object.values(this.#codec2Decoders)]) {
      codec.destroy();
    }
  }
}

function codec2Mode(codec: CodecId): 3200 | 1200 {
  if (codec === CodecId.Codec2_3200) return 3200;
  if (codec === CodecId.Codec2_1200) return 1200;
  throw new VoiceCodecError(`unknown codec id ${codec}`);
}
