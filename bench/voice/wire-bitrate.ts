// Wire bitrate of one profile: its real frames through MediaSender (FEC blocks, sealing), every datagram costed
// with the IPv4 and QUIC overhead, at the profile's own ratio and at the repair count a given loss calls for.

import { CODEC_TIMING, Direction, MediaSender, PacketSealer } from '@keel/voice';
import type { ProfileFrames } from './profile-frames.ts';
import { wireKbps } from './wire-overhead.ts';

export interface WireBitrate {
  readonly packets_per_s: number;
  readonly kbps: number;
}

export function measureWireBitrate({ profile, frames }: ProfileFrames, reportedLossPct = 0): WireBitrate {
  const sealer = new PacketSealer({ key: new Uint8Array(32).fill(7), direction: Direction.FromCaller });
  const sender = new MediaSender({ sealer, floorRatio: () => profile.fecRatio });
  sender.setReportedLoss(reportedLossPct);
  const k = CODEC_TIMING[profile.codec].blockFrames;
  const whole = frames.slice(0, frames.length - (frames.length % k));
  let bytes = 0;
  let datagrams = 0;
  for (const frame of whole) {
    for (const datagram of sender.send(profile.codec, frame)) {
      bytes += datagram.length;
      datagrams += 1;
    }
  }
  const durationMs = whole.length * CODEC_TIMING[profile.codec].frameMs;
  return {
    packets_per_s: Number(((1000 * datagrams) / durationMs).toFixed(1)),
    kbps: Number(wireKbps(bytes, datagrams, durationMs).toFixed(1)),
  };
}
