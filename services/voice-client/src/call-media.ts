// CallMedia: the audio side of a keyed call on a real clock: PCM in, frames out, frames in, PCM out, adapting.
//
// Every tick it sends the frames that are due (the tier's codec, one per frame duration) and plays out what is due
// from the jitter buffer (decoding, or concealing with Opus in-band FEC when the next frame is already there),
// recording the result. Once a second it sends its PathMonitor report in the quality trailer, pings the relay, and
// feeds the peer's latest report (about what we send) to the QualityController and to the FEC repair count.

import { opusPacketHasLbrr, pcmSamplesFor, type VoiceCodecs } from '@keel/native';
import {
  CODEC_TIMING,
  type CodecId,
  PathMonitor,
  QualityController,
  type QualityReport,
  type QualityTier,
} from '@keel/voice';
import type { KeyedCall, VoiceCall } from './voice-call.ts';

const TICK_MS = 10;
const REPORT_INTERVAL_MS = 1_000;
const SAMPLES_PER_MS = 48;

export interface CallStats {
  readonly tier: QualityTier;
  /** Loss of the media we receive, before FEC (our own measurement). */
  readonly lossInPct: number;
  /** Loss the peer reports for what we send. */
  readonly lossOutPct: number;
  readonly rttMs: number;
  readonly jitterMs: number;
  readonly framesSent: number;
  readonly framesPlayed: number;
  readonly fecRecovered: number;
  readonly opusFecRecovered: number;
  readonly concealed: number;
}

export interface CallMediaOptions {
  readonly call: VoiceCall;
  readonly keyed: KeyedCall;
  readonly codecs: VoiceCodecs;
  /** 48 kHz mono PCM to send, from its start; silence after its end (or throughout when null). */
  readonly source: Int16Array | null;
  /** Pins the profile (adaptation off). */
  readonly forced: QualityTier | null;
  /** How often the path report goes out and the peer's is acted on (default 1 s; tests run it faster). */
  readonly reportIntervalMs?: number;
  readonly onStats?: (stats: CallStats) => void;
}

export class CallMedia {
  readonly #options: CallMediaOptions;
  readonly #controller = new QualityController();
  readonly #monitor = new PathMonitor();
  readonly #recorded: Int16Array[] = [];
  #timer: ReturnType<typeof setInterval> | null = null;
  #startMs = 0;
  #sendClockMs = 0;
  #playClockMs = 0;
  readonly #reportIntervalMs: number;
  #nextReportMs: number;
  #sourceOffset = 0;
  #lastPlayedCodec: CodecId;
  #ownReport: QualityReport | null = null;
  #peerReport: QualityReport | null = null;
  /** The latest own report rides on one packet per interval. */
  #trailerPending = false;
  #framesSent = 0;
  #framesPlayed = 0;
  #opusFec = 0;
  #concealed = 0;

  constructor(options: CallMediaOptions) {
    this.#options = options;
    this.#reportIntervalMs = options.reportIntervalMs ?? REPORT_INTERVAL_MS;
    this.#nextReportMs = this.#reportIntervalMs;
    if (options.forced !== null) this.#controller.force(options.forced);
    this.#lastPlayedCodec = this.#controller.profile.codec;
    options.call.onMedia = (result, bytes) => {
      if (!result.header.repair) this.#monitor.onPacket(result.header.seq, result.header.timestamp, bytes, this.#now());
      if (result.trailer !== null) this.#peerReport = result.trailer;
    };
    options.call.onPong = (sentAt) => this.#monitor.onPong(sentAt, this.#now());
  }

  start(): void {
    this.#startMs = performance.now();
    this.#timer = setInterval(() => this.#tick(), TICK_MS);
  }

  /** Stops the clock and returns everything played out, as 48 kHz mono PCM. */
  stop(): Int16Array {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    const total = this.#recorded.reduce((sum, chunk) => sum + chunk.length, 0);
    const out = new Int16Array(total);
    let at = 0;
    for (const chunk of this.#recorded) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }

  stats(): CallStats {
    const receiver = this.#options.keyed.receiver.counters();
    const own = this.#ownReport;
    return {
      tier: this.#controller.forced ?? this.#controller.tier,
      lossInPct: own?.lossPct ?? 0,
      lossOutPct: this.#peerReport?.lossPct ?? 0,
      rttMs: own?.rttMs ?? 0,
      jitterMs: own?.jitterMs ?? 0,
      framesSent: this.#framesSent,
      framesPlayed: this.#framesPlayed,
      fecRecovered: receiver.recoveredFrames,
      opusFecRecovered: this.#opusFec,
      concealed: this.#concealed,
    };
  }

  #now(): number {
    return performance.now() - this.#startMs;
  }

  #tick(): void {
    const now = this.#now();
    while (this.#sendClockMs <= now) this.#sendOne();
    while (this.#playClockMs + 20 <= now) this.#playOne();
    if (now >= this.#nextReportMs) {
      this.#nextReportMs += this.#reportIntervalMs;
      this.#report(now);
    }
  }

  #sendOne(): void {
    const { call, codecs, keyed } = this.#options;
    const codec = keyed.sender.codecFor(this.#controller.profile.codec);
    const samples = pcmSamplesFor(codec);
    const pcm = new Int16Array(samples);
    const source = this.#options.source;
    if (source !== null && this.#sourceOffset < source.length) {
      pcm.set(source.subarray(this.#sourceOffset, this.#sourceOffset + samples));
    }
    this.#sourceOffset += samples;
    call.sendFrame(codec, codecs.encode(codec, pcm), this.#takeReportForTrailer());
    this.#framesSent += 1;
    this.#sendClockMs += CODEC_TIMING[codec].frameMs;
  }

  #takeReportForTrailer(): QualityReport | null {
    if (!this.#trailerPending || this.#ownReport === null) return null;
    this.#trailerPending = false;
    return this.#ownReport;
  }

  #playOne(): void {
    const { codecs, keyed } = this.#options;
    const result = keyed.receiver.playout(this.#now());
    if (result.kind === 'NotReady') {
      this.#recorded.push(new Int16Array(20 * SAMPLES_PER_MS));
      this.#playClockMs += 20;
      return;
    }
    let pcm: Int16Array;
    if (result.kind === 'Packet') {
      this.#lastPlayedCodec = result.packet.codec;
      pcm = codecs.decode(result.packet.codec, result.packet.frame);
    } else {
      const next = result.next;
      const fec = next !== null && next.codec === this.#lastPlayedCodec && opusPacketHasLbrr(next.frame);
      if (fec) this.#opusFec += 1;
      else this.#concealed += 1;
      pcm = codecs.conceal(this.#lastPlayedCodec, fec ? (next?.frame ?? null) : null);
    }
    this.#framesPlayed += 1;
    this.#recorded.push(pcm);
    this.#playClockMs += pcm.length / SAMPLES_PER_MS;
  }

  #report(now: number): void {
    this.#ownReport = this.#monitor.report(now);
    this.#trailerPending = true;
    this.#options.call.ping(Math.floor(now));
    const peer = this.#peerReport;
    if (peer !== null) {
      this.#controller.report(peer);
      this.#options.keyed.sender.setReportedLoss(peer.lossPct);
    }
    this.#options.onStats?.(this.stats());
  }
}
