// Tests for the datagram framing: Q bit vs trailer, CSRC count vs packet length, and the datagram size check.

import { describe, expect, test } from 'bun:test';
import {
  BufferTooShortError,
  CodecId,
  checkDatagramSize,
  DatagramTooLargeError,
  decodeMediaPacket,
  encodeMediaHeader,
  encodeMediaPacket,
  InvalidHeaderError,
  MEDIA_VERSION,
  type MediaHeader,
} from '../../src/index.ts';

const header: MediaHeader = {
  version: MEDIA_VERSION,
  repair: false,
  codec: CodecId.Opus24k,
  quality: false,
  fecRatio: 20,
  seq: 1,
  timestamp: 20,
  block: 0,
  symbol: 0,
  csrc: 0,
};
const sealed = new Uint8Array(16 + 8).fill(7);
const report = { lossPct: 0, rttMs: 40, jitterMs: 3, bitrateCapKbps: 64 };

describe('media packet framing', () => {
  test('a packet with a trailer splits back into header, sealed body and report', () => {
    const bytes = encodeMediaPacket({ header: { ...header, quality: true }, sealed, trailer: report });
    expect(bytes.length).toBe(12 + sealed.length + 4);
    const packet = decodeMediaPacket(bytes);
    expect({ header: packet.header, sealed: packet.sealed, trailer: packet.trailer }).toEqual({
      header: { ...header, quality: true },
      sealed,
      trailer: report,
    });
  });

  test('a Q bit without a trailer is refused on encode', () => {
    expect(() => encodeMediaPacket({ header: { ...header, quality: true }, sealed, trailer: null })).toThrow(
      InvalidHeaderError,
    );
  });

  test('a packet too short to hold the tag (and trailer) is too short', () => {
    const bytes = new Uint8Array([...encodeMediaHeader({ ...header, quality: true }), ...new Uint8Array(19)]);
    expect(() => decodeMediaPacket(bytes)).toThrow(BufferTooShortError);
  });

  test('a CSRC count the sealed body cannot hold is rejected', () => {
    const bytes = new Uint8Array([...encodeMediaHeader({ ...header, csrc: 3 }), ...sealed]);
    expect(() => decodeMediaPacket(bytes)).toThrow(expect.objectContaining({ code: 'invalid_header', field: 'csrc' }));
  });

  test('a CSRC count that fits is accepted', () => {
    const bytes = new Uint8Array([...encodeMediaHeader({ ...header, csrc: 2 }), ...sealed]);
    expect(decodeMediaPacket(bytes).header.csrc).toBe(2);
  });
});

describe('datagram size check', () => {
  test('a packet at the limit passes unchanged', () => {
    const packet = new Uint8Array(1200);
    expect(checkDatagramSize(packet, 1200)).toBe(packet);
  });

  test('a packet one byte over the limit is refused with its size and the limit', () => {
    expect(() => checkDatagramSize(new Uint8Array(1201), 1200)).toThrow(
      expect.objectContaining({ code: 'datagram_too_large', size: 1201, limit: 1200 }),
    );
    expect(() => checkDatagramSize(new Uint8Array(1201), 1200)).toThrow(DatagramTooLargeError);
  });
});
