// Calls through a real relay process over real QUIC on loopback: two clients key end to end through a room and
// exchange media both ways; what the relay could know opens nothing; a third member, a forged offer, a bad token
// and the session limit are refused with their reasons; the identity survives a restart; SIGTERM stops cleanly.

import { afterEach, describe, expect, test } from 'bun:test';
import { deriveKeys, generateSeed, parseSeedHex } from '@keel/identity';
import { tempDir, waitFor } from '@keel/kit/testing';
import {
  CodecId,
  Direction,
  deriveSessionKey,
  type MediaFrame,
  MediaReceiver,
  PacketOpener,
  type PlayoutResult,
  sharedSecret,
} from '@keel/voice';
import { relayFixtures } from './relay-fixtures.ts';
import { startRelay } from './relay-process.ts';

const { relay, member, cleanUp, defer } = relayFixtures();
afterEach(cleanUp);

function frameNo(n: number): Uint8Array {
  return Uint8Array.from({ length: 30 + (n % 20) }, (_, i) => (i === 0 ? n & 0xff : (n * 7 + i) & 0xff));
}

function played(receiver: MediaReceiver): PlayoutResult<MediaFrame>[] {
  const out: PlayoutResult<MediaFrame>[] = [];
  for (let i = 0; i < 500; i++) {
    const result = receiver.playout(Date.now());
    if (result.kind === 'NotReady') break;
    out.push(result);
  }
  return out;
}

describe('calls through the relay', () => {
  test('two members key end to end and their media flows both ways (behind the seed 50-packet relay buffer)', async () => {
    const { relay: r } = await relay('');
    const alice = await member(r, 'kitchen');
    const bob = await member(r, 'kitchen');
    const [a, b] = await Promise.all([alice.keyed(), bob.keyed()]);
    expect([a.role, b.role]).toEqual(['callee', 'caller']);
    expect(a.profile).toBe('GOOD');

    for (let n = 0; n < 50; n++) {
      bob.sendFrame(CodecId.Opus24k, frameNo(n));
      alice.sendFrame(CodecId.Opus24k, frameNo(n + 100));
    }
    await waitFor(() => a.receiver.counters().sourcePackets + a.receiver.counters().recoveredFrames >= 50, {
      what: 'bob to alice',
    });
    await waitFor(() => b.receiver.counters().sourcePackets + b.receiver.counters().recoveredFrames >= 50, {
      what: 'alice to bob',
    });
    const atAlice = played(a.receiver).map((p) => (p.kind === 'Packet' ? p.packet.frame[0] : -1));
    expect(atAlice).toEqual(Array.from({ length: 50 }, (_, n) => n));
    expect(a.receiver.counters().rejected).toEqual({ malformed: 0, 'bad-tag': 0, replay: 0, fec: 0 });
  });

  test('the relay forwards ciphertext untouched, and nothing it holds or sees opens it', async () => {
    const { relay: r, home } = await relay();
    const alice = await member(r, 'r2');
    const bob = await member(r, 'r2');
    // Every public key the relay forwards (the two ephemerals) is captured as the members receive them.
    const ephemerals: Uint8Array[] = [];
    const received: Uint8Array[] = [];
    for (const call of [alice, bob]) {
      const handlers = call.session.handlers;
      call.session.handlers = {
        ...handlers,
        signal: (output) => {
          if (output.ok && (output.signal.type === 'CallOffer' || output.signal.type === 'CallAnswer')) {
            ephemerals.push(output.signal.ephemeralPub);
          }
          handlers.signal(output);
        },
        datagram: (payload) => {
          if (call === alice) received.push(payload.slice());
          handlers.datagram(payload);
        },
      };
    }
    const [a] = await Promise.all([alice.keyed(), bob.keyed()]);
    const sent: Uint8Array[] = [];
    const send = bob.session.sendDatagram.bind(bob.session);
    bob.session.sendDatagram = (d: Uint8Array) => {
      sent.push(d.slice());
      return send(d);
    };
    for (let n = 0; n < 10; n++) bob.sendFrame(CodecId.Opus24k, frameNo(n));
    await waitFor(() => a.receiver.counters().sourcePackets >= 10, { what: 'media at alice' });

    // Same sealed bytes in and out (the relay may only rewrite the per-hop FEC-ratio bits).
    const sources = (list: Uint8Array[]) => list.filter((d) => ((d[0] as number) & 0x40) === 0).map((d) => d.slice(2));
    expect(sources(received).slice(0, 10)).toEqual(sources(sent).slice(0, 10));

    // The relay's own X25519 key with either ephemeral it forwarded gives keys that open nothing.
    const relayKeys = await deriveKeys(
      parseSeedHex((await Bun.file(`${home.path}/.voice/relay-identity`).text()).trim()),
    );
    expect(ephemerals).toHaveLength(2);
    for (const ephemeral of ephemerals) {
      for (const direction of [Direction.FromCaller, Direction.FromCallee]) {
        const key = deriveSessionKey(sharedSecret(relayKeys.x25519.secretKey, ephemeral));
        const tap = new MediaReceiver({ opener: new PacketOpener({ key, direction }) });
        for (const d of sent) tap.receive(0, d);
        expect(tap.counters().sourcePackets).toBe(0);
      }
    }
  });

  test('a third member is refused as Busy, a forged offer as BadSignature', async () => {
    const { relay: r } = await relay();
    await member(r, 'full');
    await member(r, 'full');
    const third = await member(r, 'full');
    const end = await third.whenEnded();
    expect(JSON.stringify(end)).toContain('Busy');

    const forger = await deriveKeys(generateSeed());
    const victim = await deriveKeys(generateSeed());
    // An offer signed by one key but claiming another identity.
    const liar = await member(r, 'other', {
      identity: { ...forger, ed25519: { ...forger.ed25519, publicKey: victim.ed25519.publicKey } },
    });
    expect(JSON.stringify(await liar.whenEnded())).toContain('BadSignature');
  });

  test('max_sessions refuses the next client with RelayFull', async () => {
    const { relay: r } = await relay('max_sessions = 1\njitter_target_depth = 0\n');
    const first = await member(r, 'one');
    await waitFor(() => first.session.established, { what: 'first session' });
    const second = await member(r, 'one');
    expect(JSON.stringify(await second.whenEnded())).toContain('RelayFull');
  });

  test('the relay keeps its identity across restarts and logs a ready-to-paste [[peers]] block', async () => {
    const home = await tempDir('relay-id-');
    defer(() => home[Symbol.asyncDispose]());
    const first = await startRelay(home.path);
    const fingerprint = first.fingerprint;
    expect(first.stdout()).toContain(`fingerprint = "${fingerprint}"`);
    await first[Symbol.asyncDispose]();
    const second = await startRelay(home.path);
    defer(() => second[Symbol.asyncDispose]());
    expect(second.fingerprint).toBe(fingerprint);
    expect(fingerprint).toMatch(/^([0-9a-f]{4}:){7}[0-9a-f]{4}$/);
  });

  test('SIGTERM ends the calls and the process exits 0', async () => {
    const { relay: r } = await relay();
    const alice = await member(r, 'bye');
    const bob = await member(r, 'bye');
    await Promise.all([alice.keyed(), bob.keyed()]);
    r.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    const end = await alice.whenEnded();
    expect(end.kind === 'hangup' || end.kind === 'closed').toBe(true);
  });
});
