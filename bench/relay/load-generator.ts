// The relay benchmark's load generator, in its own process: N two-member calls through one relay, each member
// sending GOOD-profile media (a 60-byte frame every 20 ms, sealed, in FEC blocks of 5 with repair) for a while.
// Every frame carries its send time; the receiver reads it on arrival (a 1-packet jitter buffer drained at once),
// so latency is arrival − send on one clock. Prints one JSON object on stdout.
//
// usage: bun bench/relay/load-generator.ts <relay port> <relay fingerprint> <calls> <seconds>

import { deriveKeys, generateSeed } from '@keel/identity';
import { CodecId } from '@keel/voice';
import { type KeyedCall, RoomCall } from '@keel/voice-client';

const [portText, fingerprint, callsText, secondsText] = process.argv.slice(2);
const port = Number(portText);
const calls = Number(callsText);
const seconds = Number(secondsText);
if (!(port > 0) || fingerprint === undefined || !(calls > 0) || !(seconds > 0)) {
  process.stderr.write('usage: load-generator.ts <relay port> <relay fingerprint> <calls> <seconds>\n');
  process.exit(2);
}

const relayFingerprint: string = fingerprint as string;
const FRAME_MS = 20;
const FRAME_BYTES = 60;
const identity = await deriveKeys(generateSeed());

interface Member {
  readonly call: RoomCall;
  keyed: KeyedCall | null;
  sent: number;
  received: number;
}

const latencies: number[] = [];
let firstFrameMs: number | null = null;

async function joinPair(index: number): Promise<[Member, Member]> {
  const join = async (): Promise<Member> => {
    const call = await RoomCall.join({
      relay: { host: '127.0.0.1', port },
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
latencies.length = 0;
for (const m of members) {
  m.sent = 0;
  m.received = 0;
}

// One clock for all members: every 20 ms each sends one frame.
const frame = new Uint8Array(FRAME_BYTES);
const view = new DataView(frame.buffer);
const startedAt = performance.now();
let ticks = 0;
await new Promise<void>((done) => {
  const timer = setInterval(() => {
    const due = Math.floor((performance.now() - startedAt) / FRAME_MS);
    while (ticks < due) {
      ticks += 1;
      for (const m of members) {
        view.setFloat64(0, performance.timeOrigin + performance.now());
        m.call.sendFrame(CodecId.Opus24k, frame.slice());
        m.sent += 1;
      }
    }
    if (performance.now() - startedAt >= seconds * 1000) {
      clearInterval(timer);
      done();
    }
  }, 2);
});
await Bun.sleep(500); // let the last frames arrive

const sent = members.reduce((sum, m) => sum + m.sent, 0);
const received = members.reduce((sum, m) => sum + m.received, 0);
latencies.sort((x, y) => x - y);
const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
const sessionDatagrams = members.reduce((sum, m) => sum + m.call.session.datagramsDropped, 0);
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
  })}\n`,
);
for (const m of members) m.call.hangUp();
await Bun.sleep(200);
process.exit(0);
