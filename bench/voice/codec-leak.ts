// Native handle hygiene: resident memory across 100,000 frames encoded and decoded through VoiceCodecs, and across
// thousands of VoiceCodecs created and destroyed. Flat RSS means every native state is freed.

import { pcmSamplesFor, VoiceCodecs } from '@keel/native';
import { CodecId } from '@keel/voice';
import { speechSignal } from '../../native/test/speech-signal.ts';

const MiB = 1024 * 1024;

function rssMiB(): number {
  Bun.gc(true);
  return process.memoryUsage.rss() / MiB;
}

export function measureCodecLeak(frames = 100_000, instances = 2_000) {
  const codecs = new VoiceCodecs();
  const order = [CodecId.Opus24k, CodecId.Opus6k, CodecId.Codec2_3200, CodecId.Codec2_1200];
  const pcm = Object.fromEntries(order.map((codec) => [codec, speechSignal(pcmSamplesFor(codec))]));
  const framesRssStart = rssMiB();
  let framesRssAfterTenth = 0;
  for (let i = 0; i < frames; i++) {
    const codec = order[i % order.length] as CodecId;
    const frame = codecs.encode(codec, pcm[codec] as Int16Array);
    codecs.decode(codec, frame);
    if (i % 50 === 0) codecs.conceal(codec);
    if (i === frames / 10) framesRssAfterTenth = rssMiB();
  }
  const framesRssEnd = rssMiB();
  codecs.destroy();

  const instancesRssStart = rssMiB();
  for (let i = 0; i < instances; i++) new VoiceCodecs().destroy();
  const instancesRssEnd = rssMiB();
  return {
    frames,
    rss_mib_after_10pct: Number(framesRssAfterTenth.toFixed(1)),
    rss_mib_after_all: Number(framesRssEnd.toFixed(1)),
    rss_growth_mib_last_90pct: Number((framesRssEnd - framesRssAfterTenth).toFixed(1)),
    rss_mib_before_frames: Number(framesRssStart.toFixed(1)),
    instances_created_and_destroyed: instances,
    instances_rss_growth_mib: Number((instancesRssEnd - instancesRssStart).toFixed(1)),
  };
}
