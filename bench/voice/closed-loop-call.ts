// One direction of a call with every adaptive piece in the loop, to measure frame loss after FEC.
//
// Speech-like PCM is encoded with the codec of the tier the QualityController chose (real libopus and libcodec2),
// framed into FEC blocks and sealed by MediaSender, dropped by a loss model, then opened, recovered and ordered by
// MediaReceiver. A PathMonitor at the receiver reports once a second; the report goes back to the controller and
// to the sender's repair count (the return path is taken as loss-free: reports repeat every second anyway).
// Playout pops one frame per frame sent, behind the seed's 1 s jitter buffer. A frame counts as lost after FEC
// when playout had to conceal it and the next frame carried no Opus in-band FEC (LBRR) copy of it.

import { opusPacketHasLbrr, pcmSamplesFor, type VoiceCodecs } from '@keel/native';
import {
  CODEC_TIMING,
  Direction,
  MediaReceiver,
  MediaSender,
  PacketOpener,
  PacketSealer,
  PathMonitor,
  QUALITY_TIERS,
  QualityController,
  type QualityTier,
  SEED_JITTER_CONFIG,
} from '@keel/voice';
import { speechSignal } from '../../native/test/speech-signal.ts';
import type { LossModel } from './loss-models.ts';
import { wireKbps } from './wire-overhead.ts';

const REPORT_INTERVAL_MS = 1_000;
/** 10 s of speech, looped. */
const SPEECH = speechSignal(480_000);

export interface CallResult {
  readonly frames: number;
  readonly packetLossPct: number;
  /** Frames concealed without any FEC copy, as a share of all frames played. */
  readonly residualLossPct: number;
  readonly recoveredByRaptorq: number;
  readonly recoveredByOpusFec: number;
  /** Share of media time spent in each tier. */
  readonly tierTimePct: Readonly<Record<QualityTier, number>>;
  readonly wireKbps: number;
}

export function runClosedLoopCall({
  codecs,
  loss,
  seconds,
  residualTarget,
}: {
  codecs: VoiceCodecs;
  loss: LossModel;
  seconds: number;
  /** MediaSender's target; 1 keeps every block at the profile's ratio (the seed's fixed FEC). */
  residualTarget?: number;
}): CallResult {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const controller = new QualityController();
  const floorRatio = () => controller.profile.fecRatio;
  const sealer = new PacketSealer({ key, direction: Direction.FromCaller });
  const sender = new MediaSender({ sealer, floorRatio, ...(residualTarget === undefined ? {} : { residualTarget }) });
  const receiver = new MediaReceiver({
    opener: new PacketOpener({ key, direction: Direction.FromCaller }),
    jitter: SEED_JITTER_CONFIG,
  });
  const monitor = new PathMonitor();
  const tierMs: Record<QualityTier, number> = { GOOD: 0, DEGRADED: 0, CATASTROPHIC: 0 };
  let now = 0;
  let nextReport = REPORT_INTERVAL_MS;
  let sample = 0;
  let sentDatagrams = 0;
  let sentBytes = 0;
  let lostDatagrams = 0;
  let played = 0;
  let concealed = 0;
  let opusFec = 0;

  while (now < seconds * 1000) {
    const codec = sender.codecFor(controller.profile.codec);
    const samples = pcmSamplesFor(codec);
    if (sample + samples > SPEECH.length) sample = 0;
    const frame = codecs.encode(codec, SPEECH.subarray(sample, sample + samples));
    sample += samples;
    for (const datagram of sender.send(codec, frame)) {
      sentDatagrams += 1;
      sentBytes += datagram.length;
      if (loss()) {
        lostDatagrams += 1;
        continue;
      }
      const result = receiver.receive(now, datagram);
      if (result.kind !== 'media') throw new Error(`datagram rejected: ${result.reason} (${result.detail})`);
      // Loss is measured on source packets (repair packets repeat their block's first sequence number).
      if (!result.header.repair) monitor.onPacket(result.header.seq, result.header.timestamp, datagram.length, now);
    }
    const frameMs = CODEC_TIMING[codec].frameMs;
    tierMs[controller.tier] += frameMs;
    now += frameMs;

    const out = receiver.playout(now);
    if (out.kind === 'Packet') played += 1;
    if (out.kind === 'Missing') {
      played += 1;
      const next = out.next;
      if (next !== null && opusPacketHasLbrr(next.frame)) opusFec += 1;
      else concealed += 1;
    }
    if (now >= nextReport) {
      nextReport += REPORT_INTERVAL_MS;
      const report = monitor.report(now);
      controller.report(report);
      sender.setReportedLoss(report.lossPct);
    }
  }
  const total = seconds * 1000;
  return {
    frames: played,
    packetLossPct: (100 * lostDatagrams) / sentDatagrams,
    residualLossPct: (100 * concealed) / played,
    recoveredByRaptorq: receiver.counters().recoveredFrames,
    recoveredByOpusFec: opusFec,
    tierTimePct: Object.fromEntries(QUALITY_TIERS.map((tier) => [tier, (100 * tierMs[tier]) / total])) as Record<
      QualityTier,
      number
    >,
    wireKbps: wireKbps(sentBytes, sentDatagrams, total),
  };
}
