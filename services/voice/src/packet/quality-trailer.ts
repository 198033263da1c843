// QualityReport: the optional 4-byte quality trailer (loss, RTT, jitter, receive bitrate cap) and its quantization.

import { ByteCursor } from '../codec/byte-cursor.ts';
import { InvalidQualityReportError } from '../errors.ts';

export const QUALITY_TRAILER_LENGTH = 4;
/** Seed: rtt_4ms is the RTT in units of 4 ms, so one byte spans 0-1020 ms. */
const RTT_UNIT_MS = 4;

export interface QualityReport {
  /** Loss in percent, 0-100; on the wire 0-255 maps to 0-100 %. */
  readonly lossPct: number;
  /** Round-trip time in ms; quantized to 4 ms, saturating at 1020. */
  readonly rttMs: number;
  /** Jitter in ms; saturating at 255. */
  readonly jitterMs: number;
  /** Maximum receive bitrate in kbps; saturating at 255. */
  readonly bitrateCapKbps: number;
}

function quantize(field: string, value: number, scale: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new InvalidQualityReportError({ field, message: `must be a finite non-negative number, got ${value}` });
  }
  // Measurements above the byte's range saturate: "at least this bad" is the useful statement.
  return Math.min(255, Math.round(value * scale));
}

export function encodeQualityTrailer(report: QualityReport): Uint8Array {
  if (report.lossPct > 100) {
    throw new InvalidQualityReportError({ field: 'lossPct', message: `must be at most 100, got ${report.lossPct}` });
  }
  const out = new Uint8Array(QUALITY_TRAILER_LENGTH);
  const cursor = new ByteCursor(out, 'quality trailer');
  cursor.writeU8(quantize('lossPct', report.lossPct, 255 / 100));
  cursor.writeU8(quantize('rttMs', report.rttMs, 1 / RTT_UNIT_MS));
  cursor.writeU8(quantize('jitterMs', report.jitterMs, 1));
  cursor.writeU8(quantize('bitrateCapKbps', report.bitrateCapKbps, 1));
  return out;
}

/** Decodes the first 4 bytes of `bytes`; throws BufferTooShortError when fewer are given. */
export function decodeQualityTrailer(bytes: Uint8Array): QualityReport {
  const cursor = new ByteCursor(bytes, 'quality trailer');
  const raw = cursor.readBytes(QUALITY_TRAILER_LENGTH);
  return {
    lossPct: ((raw[0] as number) * 100) / 255,
    rttMs: (raw[1] as number) * RTT_UNIT_MS,
    jitterMs: raw[2] as number,
    bitrateCapKbps: raw[3] as number,
  };
}
