// Forward mode across two real relay processes: a client on the forwarding relay and a client on the room relay
// key end to end through both, media flows, and the forwarding relay pins the remote one when [[peers]] names it.

import { afterEach, describe, expect, test } from 'bun:test';
import { waitFor } from '@keel/kit/testing';
import { CodecId } from '@keel/voice';
import { relayFixtures } from './relay-fixtures.ts';

const { relay, member, cleanUp } = relayFixtures();
afterEach(cleanUp);

describe('forward mode (remote_relay)', () => {
  test('a call between a client of the forwarding relay and a client of the room relay', async () => {
    const { relay: rooms } = await relay('jitter_target_depth = 0\n');
    const { relay: front } = await relay(
      `remote_relay = "127.0.0.1:${rooms.port}"\njitter_target_depth = 0\n\n[[peers]]\nurl = "127.0.0.1:${rooms.port}"\nfingerprint = "${rooms.fingerprint}"\n`,
    );
    expect(front.logs.some((l) => l.msg === 'forward mode: every client goes on to the remote relay')).toBe(true);
    expect(front.logs.some((l) => String(l.msg).includes('not checked'))).toBe(false);
    const far = await member(front, 'bridge');
    const near = await member(rooms, 'bridge');
    const [f, n] = await Promise.all([far.keyed(), near.keyed()]);
    // Whoever reached the room first waits and answers: one end is the callee, the other the caller.
    expect([f.role, n.role].sort()).toEqual(['callee', 'caller']);
    for (let i = 0; i < 20; i++) {
      near.sendFrame(CodecId.Opus24k, new Uint8Array(40).fill(i));
      far.sendFrame(CodecId.Opus24k, new Uint8Array(40).fill(100 + i));
    }
    await waitFor(() => f.receiver.counters().sourcePackets >= 20 && n.receiver.counters().sourcePackets >= 20, {
      what: 'media both ways through two relays',
    });
    expect(f.receiver.counters().rejected).toEqual({ malformed: 0, 'bad-tag': 0, replay: 0, fec: 0 });
  });

  test('without a [[peers]] entry for the remote relay, its certificate is not checked and the log says so', async () => {
    const { relay: rooms } = await relay('jitter_target_depth = 0\n');
    const { relay: front } = await relay(`remote_relay = "127.0.0.1:${rooms.port}"\njitter_target_depth = 0\n`);
    expect(front.logs.some((l) => l.level === 'warn' && String(l.msg).includes('not checked'))).toBe(true);
  });

  test('a pinned remote relay with another fingerprint is refused, and the client is told', async () => {
    const { relay: rooms } = await relay('jitter_target_depth = 0\n');
    const { relay: front } = await relay(
      `remote_relay = "127.0.0.1:${rooms.port}"\njitter_target_depth = 0\n\n[[peers]]\nurl = "127.0.0.1:${rooms.port}"\nfingerprint = "0000:0000:0000:0000:0000:0000:0000:0000"\n`,
    );
    const client = await member(front, 'nowhere');
    const end = await client.whenEnded();
    // The client learns why: the remote relay is not the one its [[peers]] entry pins.
    expect(end).toEqual({ kind: 'hangup', reason: 'IdentityMismatch' });
  });
});
