// MediaSender: one direction's outgoing media: codec frames into FEC blocks, sealed into datagrams.
//
// Wire layout of a block (docs/voice-protocol.md §7): K source packets, one per codec frame, each sent the moment
// its frame is encoded, then R repair packets right after the K-th. Every packet takes the next sequence number,
// so a block occupies K + R consecutive sequence numbers and any packet of it tells a receiver where the block
// starts (seq - symbol index). A block holds frames of one codec only (K and the frame spacing come from the
// CodecID), so a profile change waits for the open block to close: at most 100 ms in GOOD, 400 ms in DEGRADED.
// R is chosen when a block opens, from the loss the peer last reported (chooseRepairCount).
//
// Rekeying: a staged key is installed when the packet counter reaches a multiple of 65,536, so the 16-bit
// sequence number runs on without a jump and blocks, replay windows and jitter buffers never see the change.

import { type OutgoingHeader, type PacketSealer, REKEY_INTERVAL_PACKETS } from '../crypto/packet-sealer.ts';
import { erase } from '../crypto/session-keys.ts';
import { FecError } from '../errors.ts';
import { encodeRepairSymbols } from '../fec/block-encoder.ts';
import { MAX_FEC_FRAME_BYTES } from '../fec/block-symbols.ts';
import { chooseRepairCount, DEFAULT_RESIDUAL_TARGET, ratioField } from '../fec/repair-count.ts';
import type { CodecId } from '../packet/codec-id.ts';
import { CODEC_TIMING } from '../packet/codec-timing.ts';
import type { QualityReport } from '../packet/quality-trailer.ts';

export interface MediaSenderOptions {
  readonly sealer: PacketSealer;
  /** Repair ratio floor per codec: the profile's ratio. */
  readonly floorRatio: (codec: CodecId) => number;
  /** Media timestamp (ms) of the first frame. */
  readonly firstTimestamp?: number;
  /** Share of frames the sender accepts losing after FEC at the reported loss. */
  readonly residualTarget?: number;
}

interface OpenBlock {
  readonly id: number;
  readonly codec: CodecId;
  readonly repairCount: number;
  readonly ratioField: number;
  readonly firstTimestamp: number;
  readonly frames: Uint8Array[];
}

export class MediaSender {
  readonly #sealer: PacketSealer;
  readonly #floorRatio: (codec: CodecId) => number;
  readonly #residualTarget: number;
  #nextTimestamp: number;
  #nextBlockId = 0;
  #block: OpenBlock | null = null;
  #lossPct = 0;
  #stagedKey: Uint8Array | null = null;

  constructor({
    sealer,
    floorRatio,
    firstTimestamp = 0,
    residualTarget = DEFAULT_RESIDUAL_TARGET,
  }: MediaSenderOptions) {
    this.#sealer = sealer;
    this.#floorRatio = floorRatio;
    this.#nextTimestamp = firstTimestamp >>> 0;
    this.#residualTarget = residualTarget;
  }

  /** The codec the next frame must be encoded with: `wanted` at a block boundary, else the open block's codec. */
  codecFor(wanted: CodecId): CodecId {
    return this.#block?.codec ?? wanted;
  }

  /** The packet loss (percent, before FEC) the peer last reported; sizes the repair of the next block. */
  setReportedLoss(lossPct: number): void {
    this.#lossPct = Number.isFinite(lossPct) ? Math.min(Math.max(lossPct, 0), 100) : 0;
  }

  /** Stages the next epoch's key (copied); it takes effect at the next multiple of 65,536 packets. */
  stageRekey(newKey: Uint8Array): void {
    if (this.#stagedKey !== null) erase(this.#stagedKey);
    this.#stagedKey = newKey.slice();
  }

  get rekeyStaged(): boolean {
    return this.#stagedKey !== null;
  }

  /**
   * Sends one encoded frame: returns its datagram, followed by the block's repair datagrams when it was the
   * block's last frame. `report` rides on the source packet as the quality trailer. The frame is kept until the
   * block closes, so the caller must not reuse its buffer.
   */
  send(codec: CodecId, frame: Uint8Array, report: QualityReport | null = null): Uint8Array[] {
    const block = this.#block ?? this.#openBlock(codec);
    if (codec !== block.codec) {
      throw new FecError(`frame of codec ${codec} sent into an open block of codec ${block.codec}; ask codecFor()`);
    }
    if (frame.length > MAX_FEC_FRAME_BYTES) {
      throw new FecError(`a codec frame of ${frame.length} bytes exceeds the ${MAX_FEC_FRAME_BYTES}-byte FEC limit`);
    }
    const timing = CODEC_TIMING[codec];
    const symbol = block.frames.length;
    block.frames.push(frame);
    const datagrams = [
      this.#seal(
        { repair: false, codec, fecRatio: block.ratioField, timestamp: this.#nextTimestamp, block: block.id, symbol },
        frame,
        report,
      ),
    ];
    this.#nextTimestamp = (this.#nextTimestamp + timing.frameMs) >>> 0;
    if (block.frames.length === timing.blockFrames) {
      this.#block = null;
      const repairs = encodeRepairSymbols(block.frames, block.repairCount);
      repairs.forEach((repair, i) => {
        const header = {
          repair: true,
          codec,
          fecRatio: block.ratioField,
          timestamp: block.firstTimestamp,
          block: block.id,
          symbol: timing.blockFrames + i,
        };
        datagrams.push(this.#seal(header, repair, null));
      });
    }
    return datagrams;
  }

  /** Overwrites the keys held, at hangup. */
  erase(): void {
    this.#sealer.erase();
    if (this.#stagedKey !== null) erase(this.#stagedKey);
    this.#stagedKey = null;
  }

  #openBlock(codec: CodecId): OpenBlock {
    const k = CODEC_TIMING[codec].blockFrames;
    const repairCount = chooseRepairCount(k, this.#floorRatio(codec), this.#lossPct, this.#residualTarget);
    const block: OpenBlock = {
      id: this.#nextBlockId,
      codec,
      repairCount,
      ratioField: ratioField(k, repairCount),
      firstTimestamp: this.#nextTimestamp,
      frames: [],
    };
    this.#nextBlockId = (this.#nextBlockId + 1) & 0xff;
    this.#block = block;
    return block;
  }

  #seal(header: Omit<OutgoingHeader, 'csrc'>, payload: Uint8Array, report: QualityReport | null): Uint8Array {
    const count = this.#sealer.sealedCount;
    if (this.#stagedKey !== null && count > 0 && count % REKEY_INTERVAL_PACKETS === 0) {
      this.#sealer.rekey(this.#stagedKey);
      erase(this.#stagedKey);
      this.#stagedKey = null;
    }
    return this.#sealer.seal({ ...header, csrc: 0 }, payload, report).packet;
  }
}
