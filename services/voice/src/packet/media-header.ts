// MediaHeader: the 12-byte media packet header, packed most significant bit first as in RTP.
//
//  byte 0: V(7) T(6) CodecID(5..2) Q(1) FecRatio bit 6 (0)
//  byte 1: FecRatio bits 5..0 (7..2), 2 unused bits (1..0) that must be zero
//  bytes 2-3 sequence u16 BE | 4-7 timestamp ms u32 BE | 8 FEC block id | 9 FEC symbol index | 10 reserved (0) | 11 CSRC count

import { ByteCursor } from '../codec/byte-cursor.ts';
import { InvalidHeaderError } from '../errors.ts';
import { type CodecId, isCodecId } from './codec-id.ts';

export const MEDIA_HEADER_LENGTH = 12;
/** The only version this core speaks; V is one bit, so the version bit is set. */
export const MEDIA_VERSION = 1;
/** The FEC ratio is a 7-bit field: repair symbols per source symbol in fiftieths (0.2 → 10, 1.0 → 50). */
export const MAX_FEC_RATIO = 127;

export interface MediaHeader {
  readonly version: typeof MEDIA_VERSION;
  /** T: true for a RaptorQ repair symbol, false for a source symbol (a codec frame). */
  readonly repair: boolean;
  readonly codec: CodecId;
  /** Q: a 4-byte quality trailer follows the sealed payload. */
  readonly quality: boolean;
  /** Repair symbols per source symbol in fiftieths, 0-127 (0 to 2.54). */
  readonly fecRatio: number;
  readonly seq: number;
  /** Milliseconds, u32, wraps. */
  readonly timestamp: number;
  readonly block: number;
  readonly symbol: number;
  readonly csrc: number;
}

function checkUint(field: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new InvalidHeaderError({ field, message: `must be an integer in 0..${max}, got ${value}` });
  }
}

/** Throws InvalidHeaderError naming the first field out of range. */
export function validateMediaHeader(header: MediaHeader): void {
  if (header.version !== MEDIA_VERSION) {
    throw new InvalidHeaderError({ field: 'version', message: `must be ${MEDIA_VERSION}, got ${header.version}` });
  }
  if (!isCodecId(header.codec)) {
    throw new InvalidHeaderError({ field: 'codec', message: `unknown codec id ${header.codec}` });
  }
  checkUint('fecRatio', header.fecRatio, MAX_FEC_RATIO);
  checkUint('seq', header.seq, 0xffff);
  checkUint('timestamp', header.timestamp, 0xffff_ffff);
  checkUint('block', header.block, 0xff);
  checkUint('symbol', header.symbol, 0xff);
  checkUint('csrc', header.csrc, 0xff);
}

export function encodeMediaHeader(header: MediaHeader): Uint8Array {
  validateMediaHeader(header);
  const out = new Uint8Array(MEDIA_HEADER_LENGTH);
  const cursor = new ByteCursor(out, 'media header');
  cursor.writeU8(
    0x80 | // V: version 1
      ((header.repair ? 1 : 0) << 6) |
      (header.codec << 2) |
      ((header.quality ? 1 : 0) << 1) |
      (header.fecRatio >> 6),
  );
  cursor.writeU8((header.fecRatio & 0x3f) << 2); // bits 1..0 unused, sent as zero
  cursor.writeU16(header.seq);
  cursor.writeU32(header.timestamp);
  cursor.writeU8(header.block);
  cursor.writeU8(header.symbol);
  cursor.writeU8(0); // reserved
  cursor.writeU8(header.csrc);
  return out;
}

/** Decodes the first 12 bytes of `bytes`; throws BufferTooShortError or InvalidHeaderError. */
export function decodeMediaHeader(bytes: Uint8Array): MediaHeader {
  const cursor = new ByteCursor(bytes, 'media header');
  // Read all twelve bytes first so a short buffer fails as too short before any field is judged.
  const raw = cursor.readBytes(MEDIA_HEADER_LENGTH);
  const fields = new ByteCursor(raw, 'media header');
  const b0 = fields.readU8();
  const b1 = fields.readU8();
  const seq = fields.readU16();
  const timestamp = fields.readU32();
  const block = fields.readU8();
  const symbol = fields.readU8();
  const reserved = fields.readU8();
  const csrc = fields.readU8();

  if ((b0 & 0x80) === 0) throw new InvalidHeaderError({ field: 'version', message: 'must be 1, got 0' });
  if ((b1 & 0x03) !== 0) throw new InvalidHeaderError({ field: 'unused', message: 'byte 1 bits 1..0 must be zero' });
  if (reserved !== 0)
    throw new InvalidHeaderError({ field: 'reserved', message: `byte 10 must be zero, got ${reserved}` });
  const codec = (b0 >> 2) & 0x0f;
  if (!isCodecId(codec)) throw new InvalidHeaderError({ field: 'codec', message: `unknown codec id ${codec}` });

  return {
    version: MEDIA_VERSION,
    repair: (b0 & 0x40) !== 0,
    codec,
    quality: (b0 & 0x02) !== 0,
    fecRatio: ((b0 & 0x01) << 6) | (b1 >> 2),
    seq,
    timestamp,
    block,
    symbol,
    csrc,
  };
}

/**
 * The AEAD's associated data for a header: the header with the 7 FEC-ratio bits and the Q bit cleared. Both describe
 * one hop: a relay that re-protects a block for the next hop rewrites the ratio, and a source packet rebuilt from
 * repair symbols carries no trailer even if the original did (the trailer itself is outside the AEAD). Every other
 * field, block id and symbol index included, stays authenticated end to end (docs/voice-protocol.md §5.3).
 */
export function mediaAad(headerBytes: Uint8Array): Uint8Array {
  if (headerBytes.length !== MEDIA_HEADER_LENGTH) {
    throw new InvalidHeaderError({
      field: 'header',
      message: `must be ${MEDIA_HEADER_LENGTH} bytes, got ${headerBytes.length}`,
    });
  }
  const aad = headerBytes.slice();
  aad[0] = (aad[0] as number) & 0xfc;
  aad[1] = (aad[1] as number) & 0x03;
  return aad;
}
