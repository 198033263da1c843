// MediaReceiver: one direction's incoming media at a client: open, FEC-recover, and order frames for playout.
//
// Source packets are opened with the call key and their frames go into the jitter buffer at once; their sealed
// bodies also feed the BlockTracker. Repair packets (not sealed) go to the tracker only. A source packet the tracker
// rebuilds is opened like a received one, so a forged repair symbol can only produce a packet that fails the tag.
// Every datagram either yields media or a `rejected` result with the reason; nothing a peer sends can throw.

import type { PacketOpener } from '../crypto/packet-opener.ts';
import { FecError, VoiceError } from '../errors.ts';
import { JitterBuffer, type JitterCounters, type JitterPacket, type PlayoutResult } from '../jitter/jitter-buffer.ts';
import { type JitterBufferConfig, SEED_JITTER_CONFIG } from '../jitter/jitter-config.ts';
import type { CodecId } from '../packet/codec-id.ts';
import { decodeMediaHeader, MEDIA_HEADER_LENGTH, type MediaHeader } from '../packet/media-header.ts';
import { decodeRepairPacket, encodeMediaPacket } from '../packet/media-packet.ts';
import { QUALITY_TRAILER_LENGTH, type QualityReport } from '../packet/quality-trailer.ts';
import { BlockTracker, type RecoveredPacket } from './block-tracker.ts';

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

export class MediaReceiver {
  readonly #opener: PacketOpener;
  readonly #jitter: JitterBuffer<MediaFrame>;
  readonly #blocks = new BlockTracker();
  #sourcePackets = 0;
  #repairPackets = 0;
  #recoveredFrames = 0;
  readonly #rejected: Record<RejectReason, number> = { malformed: 0, 'bad-tag': 0, replay: 0, fec: 0 };

  constructor({ opener, jitter = SEED_JITTER_CONFIG }: { opener: PacketOpener; jitter?: JitterBufferConfig }) {
    this.#opener = opener;
    this.#jitter = new JitterBuffer<MediaFrame>(jitter);
  }

  receive(now: number, datagram: Uint8Array): ReceiveResult {
    let header: MediaHeader;
    try {
      header = decodeMediaHeader(datagram);
    } catch (error) {
      return this.#rejectVoiceError(error);
    }
    return header.repair ? this.#receiveRepair(now, datagram) : this.#receiveSource(now, datagram);
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

  #receiveSource(now: number, datagram: Uint8Array): ReceiveResult {
    let opened: ReturnType<PacketOpener['open']>;
    try {
      opened = this.#opener.open(now, datagram);
    } catch (error) {
      return this.#rejectVoiceError(error);
    }
    if (opened.kind === 'BadTag') return this.#reject('bad-tag', 'authentication failed');
    if (opened.kind === 'ReplayDetected') return this.#reject('replay', `replayed packet (${opened.reason})`);
    const { header } = opened;
    this.#sourcePackets += 1;
    this.#buffer(now, header, opened.payload, false);
    const trailer = header.quality ? QUALITY_TRAILER_LENGTH : 0;
    const sealed = datagram.slice(MEDIA_HEADER_LENGTH, datagram.length - trailer);
    return this.#withRecovery(now, header, opened.trailer, () => this.#blocks.source(header, sealed));
  }

  #receiveRepair(now: number, datagram: Uint8Array): ReceiveResult {
    let repair: ReturnType<typeof decodeRepairPacket>;
    try {
      repair = decodeRepairPacket(datagram);
    } catch (error) {
      return this.#rejectVoiceError(error);
    }
    this.#repairPackets += 1;
    return this.#withRecovery(now, repair.header, null, () => this.#blocks.repair(repair.header, repair.symbol));
  }

  /** Runs one tracker step and opens what it rebuilt; FEC inconsistencies and forged rebuilds are rejections. */
  #withRecovery(
    now: number,
    header: MediaHeader,
    trailer: QualityReport | null,
    step: () => RecoveredPacket[],
  ): ReceiveResult {
    let rebuilt: RecoveredPacket[];
    try {
      rebuilt = step();
    } catch (error) {
      if (error instanceof FecError) return this.#reject('fec', error.message);
      throw error;
    }
    let recovered = 0;
    for (const packet of rebuilt) {
      let opened: ReturnType<PacketOpener['open']>;
      try {
        opened = this.#opener.open(
          now,
          encodeMediaPacket({ header: packet.header, sealed: packet.sealed, trailer: null }),
        );
      } catch (error) {
        if (!(error instanceof VoiceError)) throw error;
        return this.#reject('fec', `a rebuilt packet (seq ${packet.header.seq}) is malformed: ${error.message}`);
      }
      if (opened.kind === 'opened') {
        this.#buffer(now, opened.header, opened.payload, true);
        recovered += 1;
      } else if (opened.kind === 'BadTag') {
        return this.#reject('fec', `a rebuilt packet (seq ${packet.header.seq}) failed authentication`);
      }
    }
    this.#recoveredFrames += recovered;
    return { kind: 'media', header, trailer, recovered };
  }

  #buffer(now: number, header: MediaHeader, frame: Uint8Array, recovered: boolean): void {
    this.#jitter.push({ seq: header.seq, mediaTimeMs: header.timestamp, codec: header.codec, frame, recovered }, now);
  }

  #rejectVoiceError(error: unknown): ReceiveResult {
    if (error instanceof VoiceError) return this.#reject('malformed', error.message);
    throw error;
  }

  #reject(reason: RejectReason, detail: string): ReceiveResult {
    this.#rejected[reason] += 1;
    return { kind: 'rejected', reason, detail };
  }
}
