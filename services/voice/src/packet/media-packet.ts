// MediaPacket: the datagram framing header ‖ ciphertext ‖ tag ‖ [quality trailer], and its consistency checks;
// and the FEC repair packet, header ‖ repair symbol, which is not sealed (docs/voice-protocol.md §7).
//
// The CSRC identifiers (u32 each, count in header byte 11) are the first bytes of the *plaintext*, so they travel
// encrypted; a packet whose sealed body cannot hold them plus the tag is inconsistent. The quality trailer follows
// the tag in clear so a relay can read it (QUIC protects it hop by hop; see docs/voice-protocol.md).

import { BufferTooShortError, InvalidHeaderError } from '../errors.ts';
import { MAX_SYMBOL_BYTES } from '../fec/block-symbols.ts';
import { decodeMediaHeader, encodeMediaHeader, MEDIA_HEADER_LENGTH, type MediaHeader } from './media-header.ts';
import {
  decodeQualityTrailer,
  encodeQualityTrailer,
  QUALITY_TRAILER_LENGTH,
  type QualityReport,
} from './quality-trailer.ts';

export const AEAD_TAG_LENGTH = 16;
export const CSRC_LENGTH = 4;

export interface MediaPacket {
  readonly header: MediaHeader;
  /** The 12 header bytes exactly as received: the AEAD's associated data. */
  readonly headerBytes: Uint8Array;
  /** Ciphertext followed by the 16-byte tag. */
  readonly sealed: Uint8Array;
  /** Present exactly when the header's Q bit is set. */
  readonly trailer: QualityReport | null;
}

export function encodeMediaPacket(packet: {
  header: MediaHeader;
  sealed: Uint8Array;
  trailer: QualityReport | null;
}): Uint8Array {
  const headerBytes = encodeMediaHeader(packet.header);
  checkConsistent(packet.header, packet.sealed.length, packet.trailer !== null);
  const trailerBytes = packet.trailer === null ? new Uint8Array(0) : encodeQualityTrailer(packet.trailer);
  const out = new Uint8Array(MEDIA_HEADER_LENGTH + packet.sealed.length + trailerBytes.length);
  out.set(headerBytes, 0);
  out.set(packet.sealed, MEDIA_HEADER_LENGTH);
  out.set(trailerBytes, MEDIA_HEADER_LENGTH + packet.sealed.length);
  return out;
}

export function decodeMediaPacket(bytes: Uint8Array): MediaPacket {
  const header = decodeMediaHeader(bytes);
  if (header.repair) {
    throw new InvalidHeaderError({ field: 'repair', message: 'a repair packet is not sealed; decode it as one' });
  }
  const trailerLength = header.quality ? QUALITY_TRAILER_LENGTH : 0;
  const minimum = MEDIA_HEADER_LENGTH + AEAD_TAG_LENGTH + trailerLength;
  if (bytes.length < minimum) {
    throw new BufferTooShortError({ needed: minimum, available: bytes.length, what: 'media packet' });
  }
  const sealedEnd = bytes.length - trailerLength;
  const sealed = bytes.slice(MEDIA_HEADER_LENGTH, sealedEnd);
  checkConsistent(header, sealed.length, header.quality);
  return {
    header,
    headerBytes: bytes.slice(0, MEDIA_HEADER_LENGTH),
    sealed,
    trailer: header.quality ? decodeQualityTrailer(bytes.subarray(sealedEnd)) : null,
  };
}

function checkConsistent(header: MediaHeader, sealedLength: number, hasTrailer: boolean): void {
  if (header.quality !== hasTrailer) {
    throw new InvalidHeaderError({
      field: 'quality',
      message: 'the Q bit must be set exactly when a trailer is present',
    });
  }
  if (sealedLength < AEAD_TAG_LENGTH + header.csrc * CSRC_LENGTH) {
    throw new InvalidHeaderError({
      field: 'csrc',
      message: `${header.csrc} CSRC identifiers and the tag need ${AEAD_TAG_LENGTH + header.csrc * CSRC_LENGTH} sealed bytes, packet has ${sealedLength}`,
    });
  }
}

/** A repair packet: the header (T = 1) and one RaptorQ repair symbol over the block's sealed source bodies. */
export interface RepairPacket {
  readonly header: MediaHeader;
  readonly symbol: Uint8Array;
}

/** Repair packets carry no trailer and no CSRC list; the symbol is 1-256 bytes. */
function checkRepair(header: MediaHeader, symbolLength: number): void {
  if (!header.repair) throw new InvalidHeaderError({ field: 'repair', message: 'T must be 1 in a repair packet' });
  if (header.quality) throw new InvalidHeaderError({ field: 'quality', message: 'a repair packet carries no trailer' });
  if (header.csrc !== 0) throw new InvalidHeaderError({ field: 'csrc', message: 'a repair packet carries no CSRC' });
  if (symbolLength < 1 || symbolLength > MAX_SYMBOL_BYTES) {
    throw new InvalidHeaderError({
      field: 'symbol',
      message: `a repair symbol is 1-${MAX_SYMBOL_BYTES} bytes, got ${symbolLength}`,
    });
  }
}

export function encodeRepairPacket(packet: RepairPacket): Uint8Array {
  checkRepair(packet.header, packet.symbol.length);
  const out = new Uint8Array(MEDIA_HEADER_LENGTH + packet.symbol.length);
  out.set(encodeMediaHeader(packet.header), 0);
  out.set(packet.symbol, MEDIA_HEADER_LENGTH);
  return out;
}

export function decodeRepairPacket(bytes: Uint8Array): RepairPacket {
  const header = decodeMediaHeader(bytes);
  checkRepair(header, bytes.length - MEDIA_HEADER_LENGTH);
  return { header, symbol: bytes.slice(MEDIA_HEADER_LENGTH) };
}
