// MediaForwarder: the relay's pipeline for one direction of a call (seed: ingest, FEC decode, jitter buffer, in-order
// playout, FEC re-encode for the next hop), without any key.
//
// - Ingest: the header is read (it is authenticated end to end, but the relay cannot check the tag; the far end
//   will). Source packets feed a BlockTracker; repair packets only feed it and stop here.
// - FEC decode: a block that lost source packets on the way in is rebuilt from the repair symbols, byte for byte.
// - Jitter buffer: optional (`jitterTargetDepth` 0 forwards at once); otherwise packets are held and played out in
//   sequence order on a frame clock, holes skipped.
// - FEC re-encode: each forwarded source keeps its block and symbol index; once all K bodies of a block went out,
//   the relay sends its own repair symbols, as many as the loss the far end reports for this hop calls for, and
//   writes that ratio into the forwarded sources (the ratio bits are outside the end-to-end AAD).

import {
  BlockTracker,
  CODEC_TIMING,
  chooseRepairCount,
  decodeMediaHeader,
  decodeQualityTrailer,
  encodeMediaPacket,
  encodeQualityTrailer,
  encodeRepairPacket,
  encodeRepairSymbols,
  FecError,
  floorRatioFor,
  JitterBuffer,
  MEDIA_HEADER_LENGTH,
  type MediaHeader,
  QUALITY_TRAILER_LENGTH,
  type RecoveredPacket,
  ratioField,
  VoiceError,
} from '@keel/voice';

interface HeldPacket {
  readonly seq: number;
  readonly mediaTimeMs: number;
  readonly header: MediaHeader;
  readonly packet: Uint8Array;
  /** Its sealed body, kept for this hop's repair symbols. */
  readonly sealed: Uint8Array;
}

interface OutgoingBlock {
  readonly start: number;
  readonly repairCount: number;
  readonly ratio: number;
  readonly bodies: (Uint8Array | undefined)[];
  sent: number;
}

export interface ForwarderCounters {
  readonly forwarded: number;
  readonly recovered: number;
  readonly repairsSent: number;
  readonly dropped: number;
  /** Playout ticks that found the buffer empty after it had started. */
  readonly underruns: number;
  /** Packets evicted because the buffer was at its maximum depth. */
  readonly overruns: number;
}

export interface MediaForwarderOptions {
  /** Sends one datagram to the far end. */
  readonly send: (datagram: Uint8Array) => void;
  /** Packets held before playout starts; 0 turns the buffer off. */
  readonly jitterTargetDepth: number;
  readonly jitterMaxDepth: number;
  /** Loss (percent) the far end reports for this hop, from the quality trailers it sends. */
  readonly hopLossPct: () => number;
  /** Told of each source packet rebuilt from repair symbols. */
  readonly onRecovered?: () => void;
  /**
   * Loss of the far end's own stream on its way into the relay. The far end sizes its repair from the reports it
   * receives, which only see the hop after the relay; so the relay raises the loss in those reports (the trailer
   * is outside the end-to-end AAD) to what the far end's first hop loses.
   */
  readonly farEndInboundLossPct?: () => number;
}

export class MediaForwarder {
  readonly #options: MediaForwarderOptions;
  readonly #tracker = new BlockTracker();
  readonly #jitter: JitterBuffer<HeldPacket> | null;
  readonly #outgoing: (OutgoingBlock | undefined)[] = new Array(256);
  #playout: ReturnType<typeof setTimeout> | null = null;
  /** When the next frame is due (performance.now() ms); null while buffering. */
  #nextPlayAt: number | null = null;
  #frameMs = 20;
  #forwarded = 0;
  #recovered = 0;
  #repairsSent = 0;
  #dropped = 0;
  #underruns = 0;
  #overruns = 0;

  constructor(options: MediaForwarderOptions) {
    this.#options = options;
    this.#jitter =
      options.jitterTargetDepth === 0
        ? null
        : new JitterBuffer<HeldPacket>({
            targetDepth: options.jitterTargetDepth,
            maxDepth: options.jitterMaxDepth,
            minDepth: 1,
            adaptive: null,
          });
  }

  counters(): ForwarderCounters {
    return {
      forwarded: this.#forwarded,
      recovered: this.#recovered,
      repairsSent: this.#repairsSent,
      dropped: this.#dropped,
      underruns: this.#underruns,
      overruns: this.#overruns,
    };
  }

  /** Jitter-buffer depth (0 when the buffer is off). */
  get depth(): number {
    return this.#jitter?.depth ?? 0;
  }

  /** Takes one datagram from the sender; returns its header, or null when it was malformed or inconsistent. */
  ingest(now: number, datagram: Uint8Array): MediaHeader | null {
    try {
      const header = decodeMediaHeader(datagram);
      let rebuilt: RecoveredPacket[];
      if (header.repair) {
        rebuilt = this.#tracker.repair(header, datagram.slice(MEDIA_HEADER_LENGTH));
      } else {
        const sealed = this.#sealedBody(header, datagram);
        rebuilt = this.#tracker.source(header, sealed);
        this.#accept(now, header, datagram, sealed);
      }
      for (const packet of rebuilt) {
        this.#recovered += 1;
        this.#options.onRecovered?.();
        const bytes = encodeMediaPacket({ header: packet.header, sealed: packet.sealed, trailer: null });
        this.#accept(now, packet.header, bytes, packet.sealed);
      }
      return header;
    } catch (error) {
      if (!(error instanceof VoiceError)) throw error;
      this.#dropped += 1;
      return null;
    }
  }

  /** Stops the playout clock (the call ended). */
  stop(): void {
    if (this.#playout !== null) clearTimeout(this.#playout);
    this.#playout = null;
  }

  #sealedBody(header: MediaHeader, datagram: Uint8Array): Uint8Array {
    const trailer = header.quality ? QUALITY_TRAILER_LENGTH : 0;
    if (datagram.length < MEDIA_HEADER_LENGTH + trailer) throw new FecError('source packet shorter than its header');
    return datagram.slice(MEDIA_HEADER_LENGTH, datagram.length - trailer);
  }

  #accept(now: number, header: MediaHeader, packet: Uint8Array, sealed: Uint8Array): void {
    if (this.#jitter === null) {
      this.#forward(header, packet, sealed);
      return;
    }
    this.#frameMs = CODEC_TIMING[header.codec].frameMs;
    const full = this.#jitter.depth >= this.#options.jitterMaxDepth;
    if (
      this.#jitter.push({ seq: header.seq, mediaTimeMs: header.timestamp, header, packet, sealed }, now) ===
        'Accepted' &&
      full
    ) {
      this.#overruns += 1;
    }
    this.#playout ??= setTimeout(() => this.#tick(), this.#frameMs);
  }

  /** Plays out every frame that is due on a drift-free clock (timers fire late; the schedule does not slip). */
  #tick(): void {
    this.#playout = null;
    const jitter = this.#jitter as JitterBuffer<HeldPacket>;
    const now = performance.now();
    this.#nextPlayAt ??= now;
    while (this.#nextPlayAt !== null && now >= this.#nextPlayAt) {
      const wasPlaying = jitter.depth > 0;
      const result = jitter.pop(Date.now());
      if (result.kind === 'Packet') this.#forward(result.packet.header, result.packet.packet, result.packet.sealed);
      if (result.kind === 'NotReady') {
        if (wasPlaying) this.#underruns += 1;
        this.#nextPlayAt = null; // buffering again: the clock restarts with the next packet
        break;
      }
      this.#nextPlayAt += this.#frameMs;
    }
    const wait = this.#nextPlayAt === null ? this.#frameMs : Math.max(0, this.#nextPlayAt - now);
    if (jitter.depth > 0) this.#playout = setTimeout(() => this.#tick(), wait);
  }

  /** Sends a source packet with this hop's ratio, and the block's repair packets once all its sources went out. */
  #forward(header: MediaHeader, packet: Uint8Array, sealed: Uint8Array): void {
    const k = CODEC_TIMING[header.codec].blockFrames;
    const start = (header.seq - header.symbol) & 0xffff;
    let block = this.#outgoing[header.block];
    if (block === undefined || block.start !== start) {
      const repairCount = chooseRepairCount(k, floorRatioFor(header.codec), this.#options.hopLossPct());
      block = { start, repairCount, ratio: ratioField(k, repairCount), bodies: new Array(k), sent: 0 };
      this.#outgoing[header.block] = block;
    }
    const out = packet.slice();
    out[0] = ((out[0] as number) & 0xfe) | ((block.ratio >> 6) & 0x01);
    out[1] = ((block.ratio & 0x3f) << 2) | ((out[1] as number) & 0x03);
    if (header.quality) this.#raiseReportedLoss(out);
    this.#options.send(out);
    this.#forwarded += 1;
    if (block.bodies[header.symbol] !== undefined) return;
    block.bodies[header.symbol] = sealed;
    block.sent += 1;
    if (block.sent === k && block.repairCount > 0) this.#sendRepairs(header, block);
  }

  #raiseReportedLoss(packet: Uint8Array): void {
    const inbound = this.#options.farEndInboundLossPct?.() ?? 0;
    const at = packet.length - QUALITY_TRAILER_LENGTH;
    const report = decodeQualityTrailer(packet.subarray(at));
    if (inbound <= report.lossPct) return;
    packet.set(encodeQualityTrailer({ ...report, lossPct: inbound }), at);
  }

  #sendRepairs(last: MediaHeader, block: OutgoingBlock): void {
    const k = block.bodies.length;
    const timing = CODEC_TIMING[last.codec];
    const firstTimestamp = (last.timestamp - last.symbol * timing.frameMs) >>> 0;
    const symbols = encodeRepairSymbols(block.bodies as Uint8Array[], block.repairCount);
    for (const [j, symbol] of symbols.entries()) {
      const header: MediaHeader = {
        version: 1,
        repair: true,
        codec: last.codec,
        quality: false,
        fecRatio: block.ratio,
        seq: block.start,
        timestamp: firstTimestamp,
        block: last.block,
        symbol: k + j,
        csrc: 0,
      };
      this.#options.send(encodeRepairPacket({ header, symbol }));
      this.#repairsSent += 1;
    }
  }
}
