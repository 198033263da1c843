// Reading an Opus packet's table-of-contents byte (RFC 6716 §3.1) far enough to tell whether it carries in-band
// FEC (LBRR) data for the frame before it. libopus 1.5 has opus_packet_has_lbrr(); Debian's 1.3.1 does not.
//
// Only SILK and hybrid packets can carry LBRR. In a mono SILK frame the range-coded payload starts with one VAD
// flag per 20 ms SILK frame and then the LBRR flag, each coded with probability 1/2, so they are the top bits of
// the first payload byte: VAD flags in bits 7 .. 8 - n, the LBRR flag in bit 7 - n (n SILK frames per Opus frame).

/** SILK frame duration per configuration 0..11, cycling 10, 20, 40, 60 ms (RFC 6716 Table 2). */
const SILK_DURATIONS_MS = [10, 20, 40, 60] as const;

/** Offset of the first frame's data, or -1 for a malformed or empty packet. */
function firstFrameOffset(packet: Uint8Array): number {
  const toc = packet[0] as number;
  const code = toc & 0x03;
  if (code === 0 || code === 1) return packet.length > 1 ? 1 : -1;
  if (code === 2) {
    const first = packet[1];
    if (first === undefined) return -1;
    const offset = first < 252 ? 2 : 3;
    return packet.length > offset ? offset : -1;
  }
  // Code 3: frame count byte, optional padding length bytes, then (VBR) frame sizes.
  const countByte = packet[1];
  if (countByte === undefined) return -1;
  const vbr = (countByte & 0x80) !== 0;
  let offset = 2;
  if (countByte & 0x40) {
    while (packet[offset] === 255) offset += 1;
    offset += 1;
  }
  if (vbr) {
    const frames = countByte & 0x3f;
    for (let i = 0; i < frames - 1; i += 1) offset += (packet[offset] ?? 0) < 252 ? 1 : 2;
  }
  return packet.length > offset ? offset : -1;
}

/** True when this (mono) Opus packet carries LBRR data, so it can rebuild the frame before it. */
export function opusPacketHasLbrr(packet: Uint8Array): boolean {
  const toc = packet[0];
  if (toc === undefined) return false;
  const config = toc >> 3;
  if (config >= 16) return false; // CELT-only: no SILK layer, no LBRR
  const silkFrames = config < 12 ? Math.max(1, (SILK_DURATIONS_MS[config % 4] as number) / 20) : 1;
  const offset = firstFrameOffset(packet);
  if (offset < 0) return false;
  return (((packet[offset] as number) >> (7 - silkFrames)) & 1) === 1;
}
