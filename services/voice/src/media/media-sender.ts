// MediaSender: one direction's outgoing media: codec frames sealed into source packets, grouped in FEC blocks.
//
// Wire layout of a block (docs/voice-protocol.md §7): K source packets, one per codec frame, sealed with the call
// key and sent the moment the frame is encoded, then R repair packets right after the K-th. Repair symbols are
// computed over the sealed bodies, so whoever forwards the block can repair it without the key; repair packets are
// not sealed and take no sequence number (their seq field repeats the block's first). A block holds frames of one
// codec only (K and the frame spacing come from the CodecID), so a profile change waits for the open block to
// close: at most 100 ms in GOOD, 400 ms in DEGRADED. R is chosen when a block opens, from the loss the peer last
// reported (chooseRepairCount).
//
// Rekeying: a staged key is installed when the packet counter reaches a multiple of 65,536, so the 16-bit
// sequence number runs on without a jump and blocks, replay windows and jitter buffers never see the change.

import {
  type OutgoingHeader,
  type PacketSealer,
  REKEY_INTERVAL_PACKETS,
  type SealedMedia,
} from '../crypto/packet-sealer.ts';
import { erase } from '../crypto/session-keys.ts';
import { FecError } from '../errors.ts';
import { encodeRepairSymbols } from '../fec/block-encoder.ts';
import { MAX_FEC_PAYLOAD_BYTES } from '../fec/block-symbols.ts';
import { chooseRepairCount, DEFAULT_RESIDUAL_TARGET, ratioField } from '../fec/repair-count.ts';
import type { CodecId } from '../packet/codec-id.ts';
import { CODEC_TIMING } from '../packet/codec-timing.ts';
import { MEDIA_HEADER_LENGTH, MEDIA_VERSION } from '../packet/media-header.ts';
import { AEAD_TAG_LENGTH, encodeRepairPacket } from '../packet/media-packet.ts';
import { QUALITY_TRAILER_LENGTH, type QualityReport } from '../packet/quality-trailer.ts';

/** Largest codec frame: its sealed body (frame + 16-byte tag) must fit a FEC payload. */
export const MAX_MEDIA_FRAME_BYTES = MAX_FEC_PAYLOAD_BYTES - AEAD_TAG_LENGTH;

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
  /** Sequence number of the block's first source packet, set when it is sealed. */
  firstSeq: number;
  /** Sealed bodies (ciphertext ‖ tag) of the block's source packets so far. */
  readonly bodies: Uint8Array[];
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
   * block's last frame. `report` rides on the source packet as the quality trailer.
   */
  send(codec: CodecId, frame: Uint8Array, report: QualityReport | null = null): Uint8Array[] {
    const block = this.#block ?? this.#openBlock(codec);
    if (codec !== block.codec) {
      throw new FecError(`frame of codec ${codec} sent into an open block of codec ${block.codec}; ask codecFor()`);
    }
    if (frame.length > MAX_MEDIA_FRAME_BYTES) {
      throw new FecError(`a codec frame of ${frame.length} bytes exceeds the ${MAX_MEDIA_FRAME_BYTES}-byte limit`);
    }
    const timing = CODEC_TIMING[codec];
    const symbol = block.bodies.length;
    const header = {
      repair: false,
      codec,
      fecRatio: block.ratioField,
      timestamp: this.#nextTimestamp,
      block: block.id,
      symbol,
    };
    const sealed = this.#seal(header, frame, report);
    if (symbol === 0) block.firstSeq = sealed.index & 0xffff;
    const trailer = report === null ? 0 : QUALITY_TRAILER_LENGTH;
    block.bodies.push(sealed.packet.slice(MEDIA_HEADER_LENGTH, sealed.packet.length - trailer));
    this.#nextTimestamp = (this.#nextTimestamp + timing.frameMs) >>> 0;
    const datagrams = [sealed.packet];
    if (block.bodies.length === timing.blockFrames) {
      this.#block = null;
      for (const [j, repair] of encodeRepairSymbols(block.bodies, block.repairCount).entries()) {
        const repairHeader = {
          version: MEDIA_VERSION,
          repair: true,
          codec,
          quality: false,
          fecRatio: block.ratioField,
          seq: block.firstSeq,
          timestamp: block.firstTimestamp,
          block: block.id,
          symbol: timing.blockFrames + j,
          csrc: 0,
        } as const;
        datagrams.push(encodeRepairPacket({ header: repairHeader, symbol: repair }));
      }
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
      firstSeq: 0,
      bodies: [],
    };
    this.#nextBlockId = (this.#nextBlockId + 1) & 0xff;
    this.#block = block;
    return block;
  }

  #seal(header: Omit<OutgoingHeader, 'csrc'>, payload: Uint8Array, report: QualityReport | null): SealedMedia {
    const count = this.#sealer.sealedCount;
    if (this.#stagedKey !== null && count > 0 && count % REKEY_INTERVAL_PACKETS === 0) {
      this.#sealer.rekey(this.#stagedKey);
      erase(this.#stagedKey);
      this.#stagedKey = null;
    }
    return this.#sealer.seal({ ...header, csrc: 0 }, payload, report);
  }
}
