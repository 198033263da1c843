// BlockTracker: the FEC blocks of one incoming media stream, over sealed source bodies, needing no keys.
//
// Every source packet's sealed body (ciphertext ‖ tag) is a source symbol of its block; repair packets carry
// symbols over those bodies. From any packet of a block the tracker knows its layout: K from the CodecID, R from
// the ratio field, the first sequence number (a source's seq − its symbol index, or a repair's seq) and the first
// timestamp. When enough symbols are in, it rebuilds each missing source packet whole: the header is determined by
// the layout (seq, timestamp, codec, block, symbol; T = 0, Q = 0, no CSRC), the body comes from the decoder. A
// client then opens the rebuilt packet with its key; a relay forwards it without ever holding one.

import { FecError } from '../errors.ts';
import { BlockDecoder } from '../fec/block-decoder.ts';
import { repairCountFromField } from '../fec/repair-count.ts';
import type { CodecId } from '../packet/codec-id.ts';
import { CODEC_TIMING } from '../packet/codec-timing.ts';
import { MEDIA_VERSION, type MediaHeader } from '../packet/media-header.ts';
import { seqAdd } from '../packet/serial-number.ts';

/** A source packet rebuilt from repair symbols: its header and sealed body. */
export interface RecoveredPacket {
  readonly header: MediaHeader;
  readonly sealed: Uint8Array;
}

interface BlockState {
  readonly start: number;
  readonly codec: CodecId;
  readonly fecRatio: number;
  readonly firstTimestamp: number;
  /** Dropped once every source body is in: a complete block costs nothing more. */
  decoder: BlockDecoder | null;
}

const BLOCK_IDS = 256;

export class BlockTracker {
  readonly #blocks: (BlockState | undefined)[] = new Array(BLOCK_IDS);

  /** An authenticated source packet; returns the source packets its arrival made recoverable. */
  source(header: MediaHeader, sealed: Uint8Array): RecoveredPacket[] {
    const block = this.#blockOf(header);
    const recovered = block.decoder?.addSource(header.symbol, sealed) ?? [];
    return this.#rebuild(header.block, block, recovered);
  }

  /** A repair packet; returns the source packets recovered with it (none when the block lost nothing). */
  repair(header: MediaHeader, symbol: Uint8Array): RecoveredPacket[] {
    const block = this.#blockOf(header);
    const recovered = block.decoder?.addRepair(header.symbol, symbol) ?? [];
    return this.#rebuild(header.block, block, recovered);
  }

  #rebuild(id: number, block: BlockState, recovered: { index: number; payload: Uint8Array }[]): RecoveredPacket[] {
    if (block.decoder?.complete) block.decoder = null;
    const frameMs = CODEC_TIMING[block.codec].frameMs;
    return recovered.map(({ index, payload }) => ({
      header: {
        version: MEDIA_VERSION,
        repair: false,
        codec: block.codec,
        quality: false,
        fecRatio: block.fecRatio,
        seq: seqAdd(block.start, index),
        timestamp: (block.firstTimestamp + index * frameMs) >>> 0,
        block: id,
        symbol: index,
        csrc: 0,
      },
      sealed: payload,
    }));
  }

  /** The block this packet belongs to, checked against what earlier packets of it said. */
  #blockOf(header: MediaHeader): BlockState {
    const timing = CODEC_TIMING[header.codec];
    const k = timing.blockFrames;
    const r = repairCountFromField(k, header.fecRatio);
    const inRange = header.repair ? header.symbol >= k && header.symbol < k + r : header.symbol < k;
    if (!inRange) {
      const kind = header.repair ? 'repair' : 'source';
      throw new FecError(`${kind} symbol index ${header.symbol} does not fit a block of ${k} frames and ${r} repair`);
    }
    const start = header.repair ? header.seq : seqAdd(header.seq, -header.symbol);
    const firstTimestamp = header.repair ? header.timestamp : (header.timestamp - header.symbol * timing.frameMs) >>> 0;
    const known = this.#blocks[header.block];
    if (known !== undefined && known.start === start) {
      if (
        known.codec !== header.codec ||
        known.fecRatio !== header.fecRatio ||
        known.firstTimestamp !== firstTimestamp
      ) {
        throw new FecError(`packets of block ${header.block} disagree on codec, repair ratio or timing`);
      }
      return known;
    }
    // First packet of this block (or of a later block that reuses the id after 256 blocks).
    const state: BlockState = {
      start,
      codec: header.codec,
      fecRatio: header.fecRatio,
      firstTimestamp,
      decoder: new BlockDecoder(k),
    };
    this.#blocks[header.block] = state;
    return state;
  }
}
