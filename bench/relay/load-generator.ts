// The relay benchmark's load generator, in its own process: N two-member calls through one relay, each member
// sending GOOD-profile media (a 60-byte frame every 20 ms on its own phase, sealed, in FEC blocks of 5 with repair)
// for a while.
// Every frame carries its send time; the receiver reads it on arrival (a 1-packet jitter buffer drained at once),
// so latency is arrival − send on one clock. Prints one JSON object on stdout.
//
// usage: bun bench/relay/load-generator.ts <relay port> <relay fingerprint> <calls> <seconds> [media|idle]
// (`idle`: the calls are set up and keyed, then held without media, for the relay's memory per session)

import { deriveKeys, generateSeed } from '@keel/identity';
import { CodecId } from '@keel/voice';
import { type KeyedCall, VoiceCall } from '@keel/voice-client';
import { udpReceiveDrops } from './udp-drops.ts';

const [portText, fingerprint, callsText, secondsText, mode = 'media'] = process.argv.slice(2);
const port = Number(portText);
const calls = Number(callsText);
const seconds = Number(secondsText);
if (!(port > 0) || fingerprint === undefined || !(calls > 0) || !(seconds > 0) || !['media', 'idle'].includes(mode)) {
  process.stderr.write('usage: load-generator.ts <relay port> <relay fingerprint> <calls> <seconds> [media|idle]\n');
  process.exit(2);
}

const relayFingerprint: string = fingerprint as string;
const FRAME_MS = 20;
const FRAME_BYTES = 60;
const identity = await deriveKeys(generateSeed());

interface Member {
  readonly call: VoiceCall;
  keyed: KeyedCall | null;
  sent: number;
  received: number;
}

const latencies: number[] = [];
let firstFrameMs: number | null = null;

async function joinPair(index: number): Promise<[Member, Member]> {
  const join = async (): Promise<Member> => {
    const call = await VoiceCall.dial({
      remote: { host: '127.0.0.1', port },
      verification: { fingerprint: relayFingerprint },
      room: `bench-${index}`,
      identity,
      jitter: { targetDepth: 1, maxDepth: 50, minDepth: 1, adaptive: null },
    });
    return { call, keyed: null, sent: 0, received: 0 };
  };
  const a = await join();
  const b = await join();
  const [ka, kb] = await Promise.all([a.call.keyed(), b.call.keyed()]);
  a.keyed = ka;
  b.keyed = kb;
  for (const member of [a, b]) {
    const keyed = member.keyed as KeyedCall;
    member.call.onMedia = (result) => {
      if (result.header.repair && result.recovered === 0) return;
      const now = performance.timeOrigin + performance.now();
      for (;;) {
        const out = keyed.receiver.playout(now);
        if (out.kind === 'NotReady') break;
        if (out.kind === 'Missing') continue;
        member.received += 1;
        const sentAt = new DataView(out.packet.frame.buffer, out.packet.frame.byteOffset).getFloat64(0);
        latencies.push(now - sentAt);
      }
    };
  }
  return [a, b];
}

// Call setup: from the second member dialling to the first frame decoded, measured on the first pair.
const setupStart = performance.now();
const pairs: [Member, Member][] = [await joinPair(0)];
{
  const [a, b] = pairs[0] as [Member, Member];
  // Media flows every 20 ms from the moment the call is keyed, as in a real call (a relay buffer holds a few).
  let next = performance.now();
  while (b.received === 0) {
    if (performance.now() >= next) {
      const frame = new Uint8Array(FRAME_BYTES);
      new DataView(frame.buffer).setFloat64(0, performance.timeOrigin + performance.now());
      a.call.sendFrame(CodecId.Opus24k, frame);
      next += FRAME_MS;
    }
    await Bun.sleep(1);
  }
  firstFrameMs = performance.now() - setupStart;
}
for (let i = 1; i < calls; i++) pairs.push(await joinPair(i));

const members = pairs.flat();
if (mode === 'idle') {
  await Bun.sleep(seconds * 1000);
  process.stdout.write(`${JSON.stringify({ calls, seconds, mode })}\n`);
  for (const m of members) m.call.hangUp();
  await Bun.sleep(200);
  process.exit(0);
}
latencies.length = 0;
for (const m of members) {
  m.sent = 0;
  m.received = 0;
}

// Every member sends one frame each 20 ms on its own phase, spread evenly over the 20 ms as independent clients
// would be (all members on one tick would hit the relay with bursts no real population sends).
const frame = new Uint8Array(FRAME_BYTES);
const view = new DataView(frame.buffer);
const startedAt = performance.now();
const nextAt = members.map((_, i) => startedAt + (i * FRAME_MS) / members.length);
await new Promise<void>((done) => {
  const timer = setInterval(() => {
    const now = performance.now();
    for (const [i, m] of members.entries()) {
      while (now >= (nextAt[i] as number)) {
        view.setFloat64(0, performance.timeOrigin + performance.now());
        m.call.sendFrame(CodecId.Opus24k, frame.slice());
        m.sent += 1;
        nextAt[i] = (nextAt[i] as number) + FRAME_MS;
      }
    }
    if (now - startedAt >= seconds * 1000) {
      clearInterval(timer);
      done();
    }
  }, 1);
});
await Bun.sleep(500); // let the last frames arrive

const sent = members.reduce((sum, m) => sum + m.sent, 0);
const received = members.reduce((sum, m) => sum + m.received, 0);
latencies.sort((x, y) => x - y);
const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
const sessionDatagrams = members.reduce((sum, m) => sum + m.call.session.datagramsDropped, 0);
const socketDrops = udpReceiveDrops(members.map((m) => m.call.localPort));
process.stdout.write(
  `${JSON.stringify({
    calls,
    seconds,
    frames_sent: sent,
    frames_received: received,
    loss_pct: (100 * (sent - received)) / sent,
    latency_ms: { p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? Number.NaN },
    call_setup_ms: firstFrameMs,
    client_datagrams_dropped: sessionDatagrams,
    client_socket_drops: socketDrops,
  })}\n`,
);
for (const m of members) m.call.hangUp();
await Bun.sleep(200);
process.exit(0);
