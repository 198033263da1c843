// MediaReceiver: one direction's incoming media: open, FEC-recover, and order frames for playout.
//
// Source frames go into the jitter buffer as soon as they open; a block's decoder rebuilds lost frames when
// enough repair symbols arrive, and they join the buffer in their own slots (seq = block start + index, timestamp
// = block's first timestamp + index · frame duration). Repair packets take sequence numbers too; the jitter buffer
// passes over their slots, which it learns from the block layout (MediaSender describes it).
// Every datagram either yields media or a `rejected` result with the reason; nothing a peer sends can throw.

import type { PacketOpener } from '../crypto/packet-opener.ts';
import { FecError, VoiceError } from '../errors.ts';
import { BlockDecoder, type RecoveredFrame } from '../fec/block-decoder.ts';
import { repairCountFromField } from '../fec/repair-count.ts';
import { JitterBuffer, type JitterCounters, type JitterPacket, type PlayoutResult } from '../jitter/jitter-buffer.ts';
import { type JitterBufferConfig, SEED_JITTER_CONFIG } from '../jitter/jitter-config.ts';
import type { CodecId } from '../packet/codec-id.ts';
import { CODEC_TIMING } from '../packet/codec-timing.ts';
import type { MediaHeader } from '../packet/media-header.ts';
import type { QualityReport } from '../packet/quality-trailer.ts';
import { seqAdd, seqDistance } from '../packet/serial-number.ts';

export interface MediaFrame extends JitterPacket {
  readonly codec: CodecId;
  readonly frame: Uint8Array;
  /** Rebuilt by FEC rather than received. */
  readonly recovered: boolean;
}

export type RejectReason = 'malformed' | 'bad-tag' | 'replay' | 'fec';

export type ReceiveResult =
  | {
      readonly kind: 'media';
      readonly header: MediaHeader;
      readonly trailer: QualityReport | null;
      /** Frames FEC rebuilt with this packet. */
      readonly recovered: number;
    }
  | { readonly kind: 'rejected'; readonly reason: RejectReason; readonly detail: string };

export interface MediaReceiverCounters extends JitterCounters {
  readonly sourcePackets: number;
  readonly repairPackets: number;
  readonly recoveredFrames: number;
  readonly rejected: Readonly<Record<RejectReason, number>>;
}

interface BlockState {
  readonly start: number;
  readonly codec: CodecId;
  readonly k: number;
  readonly r: number;
  readonly firstTimestamp: number;
  /** Dropped once every source frame is in: a complete block costs nothing more. */
  decoder: BlockDecoder | null;
}

const BLOCK_IDS = 256;

export class MediaReceiver {
  readonly #opener: PacketOpener;
  readonly #jitter: JitterBuffer<MediaFrame>;
  readonly #blocks: (BlockState | undefined)[] = new Array(BLOCK_IDS);
  #sourcePackets = 0;
  #repairPackets = 0;
  #recoveredFrames = 0;
  readonly #rejected: Record<RejectReason, number> = { malformed: 0, 'bad-tag': 0, replay: 0, fec: 0 };

  constructor({ opener, jitter = SEED_JITTER_CONFIG }: { opener: PacketOpener; jitter?: JitterBufferConfig }) {
    this.#opener = opener;
    this.#jitter = new JitterBuffer<MediaFrame>(jitter, (seq) => this.#isRepairSlot(seq));
  }

  receive(now: number, datagram: Uint8Array): ReceiveResult {
    let opened: ReturnType<PacketOpener['open']>;
    try {
      opened = this.#opener.open(now, datagram);
    } catch (error) {
      if (error instanceof VoiceError) return this.#reject('malformed', error.message);
      throw error;
    }
    if (opened.kind === 'BadTag') return this.#reject('bad-tag', 'authentication failed');
    if (opened.kind === 'ReplayDetected') return this.#reject('replay', `replayed packet (${opened.reason})`);
    const { header, payload } = opened;
    try {
      const block = this.#blockOf(header);
      let recovered: RecoveredFrame[];
      if (header.repair) {
        this.#repairPackets += 1;
        recovered = block.decoder?.addRepair(header.symbol, payload) ?? [];
      } else {
        this.#sourcePackets += 1;
        const frame = { seq: header.seq, mediaTimeMs: header.timestamp, codec: header.codec, frame: payload };
        this.#jitter.push({ ...frame, recovered: false }, now);
        recovered = block.decoder?.addSource(header.symbol, payload) ?? [];
      }
      if (block.decoder?.complete) block.decoder = null;
      for (const { index, frame } of recovered) {
        const mediaTimeMs = (block.firstTimestamp + index * CODEC_TIMING[block.codec].frameMs) >>> 0;
        this.#jitter.push(
          { seq: seqAdd(block.start, index), mediaTimeMs, codec: block.codec, frame, recovered: true },
          now,
        );
      }
      this.#recoveredFrames += recovered.length;
      return { kind: 'media', header, trailer: opened.trailer, recovered: recovered.length };
    } catch (error) {
      if (error instanceof FecError) return this.#reject('fec', error.message);
      throw error;
    }
  }

  /** Called once per frame interval by the playout clock. */
  playout(now: number): PlayoutResult<MediaFrame> {
    return this.#jitter.pop(now);
  }

  counters(): MediaReceiverCounters {
    return {
      ...this.#jitter.counters(),
      sourcePackets: this.#sourcePackets,
      repairPackets: this.#repairPackets,
      recoveredFrames: this.#recoveredFrames,
      rejected: { ...this.#rejected },
    };
  }

  /** The block this packet belongs to, checked against what earlier packets of it said. */
  #blockOf(header: MediaHeader): BlockState {
    const timing = CODEC_TIMING[header.codec];
    const k = timing.blockFrames;
    const r = repairCountFromField(k, header.fecRatio);
    const limit = header.repair ? k + r : k;
    if (header.symbol >= limit || (header.repair && header.symbol < k)) {
      const kind = header.repair ? 'repair' : 'source';
      throw new FecError(`${kind} symbol index ${header.symbol} does not fit a block of ${k} frames and ${r} repair`);
    }
    const start = seqAdd(header.seq, -header.symbol);
    const firstTimestamp = header.repair ? header.timestamp : (header.timestamp - header.symbol * timing.frameMs) >>> 0;
    const known = this.#blocks[header.block];
    if (known !== undefined && known.start === start) {
      if (known.codec !== header.codec || known.r !== r || known.firstTimestamp !== firstTimestamp) {
        throw new FecError(`packets of block ${header.block} disagree on codec, repair ratio or timing`);
      }
      return known;
    }
    // First packet of this block (or of a later block that reuses the id after 256 blocks).
    const state: BlockState = { start, codec: header.codec, k, r, firstTimestamp, decoder: new BlockDecoder(k) };
    this.#blocks[header.block] = state;
    return state;
  }

  /**
   * True for the repair slots of every block seen. A block none of whose packets arrived is unknown, so its repair
   * slots are concealed like lost frames (R extra concealed frames, only when a whole block is lost).
   */
  #isRepairSlot(seq: number): boolean {
    for (const block of this.#blocks) {
      if (block === undefined) continue;
      const offset = seqDistance(block.start, seq);
      if (offset >= block.k && offset < block.k + block.r) return true;
    }
    return false;
  }

  #reject(reason: RejectReason, detail: string): ReceiveResult {
    this.#rejected[reason] += 1;
    return { kind: 'rejected', reason, detail };
  }
}
