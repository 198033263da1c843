// Authentication against a real auth_url endpoint, and the relay's Prometheus metrics on metrics_port.

import { afterEach, describe, expect, test } from 'bun:test';
import { localServer, waitFor } from '@keel/kit/testing';
import { CodecId } from '@keel/voice';
import { relayFixtures } from './relay-fixtures.ts';

const { relay, member, cleanUp, defer } = relayFixtures();
afterEach(cleanUp);

/** An auth_url endpoint that accepts exactly one token, and records what it was asked. */
function authEndpoint() {
  const seen: { authorization: string | null; contentType: string | null }[] = [];
  const server = localServer((request) => {
    seen.push({
      authorization: request.headers.get('authorization'),
      contentType: request.headers.get('content-type'),
    });
    const ok = request.headers.get('authorization') === 'Bearer good-token';
    return Response.json(
      ok ? { valid: true, fingerprint: 'aaaa:bbbb:cccc:dddd:eeee:ffff:0000:1111', alias: 'ann' } : { valid: false },
    );
  });
  defer(() => server[Symbol.asyncDispose]());
  return { url: server.url, seen };
}

async function metrics(r: { logs: readonly Record<string, unknown>[] }): Promise<string> {
  const line = await waitFor(() => r.logs.find((l) => l.msg === 'metrics listening'), { what: 'metrics port' });
  return (await fetch(`http://127.0.0.1:${line.port}/metrics`)).text();
}

describe('auth_url', () => {
  test('a good token joins, a bad one is refused with AuthFailed, and each attempt is counted', async () => {
    const auth = authEndpoint();
    const { relay: r } = await relay(
      `auth_url = "${auth.url}/v1/auth/validate"\nmetrics_port = 0\njitter_target_depth = 0\n`,
    );
    const good = await member(r, 'club', { token: 'good-token' });
    const bad = await member(r, 'club', { token: 'forged' });
    expect(JSON.stringify(await bad.whenEnded())).toContain('AuthFailed');
    const other = await member(r, 'club', { token: 'good-token' });
    await Promise.all([good.keyed(), other.keyed()]);
    expect(auth.seen[0]).toEqual({ authorization: 'Bearer good-token', contentType: 'application/json' });
    const text = await metrics(r);
    expect(text).toContain('voice_relay_auth_attempts_total{result="ok"} 2');
    expect(text).toContain('voice_relay_auth_attempts_total{result="fail"} 1');
  });

  test('without an AuthToken first, a relay with auth_url refuses the client', async () => {
    const auth = authEndpoint();
    const { relay: r } = await relay(`auth_url = "${auth.url}"\njitter_target_depth = 0\n`);
    const anonymous = await member(r, 'club');
    expect(JSON.stringify(await anonymous.whenEnded())).toContain('AuthFailed');
  });

  test('an unreachable auth_url refuses rather than lets anyone in', async () => {
    const { relay: r } = await relay('auth_url = "http://127.0.0.1:9/nothing"\njitter_target_depth = 0\n');
    const client = await member(r, 'club', { token: 'good-token' });
    expect(JSON.stringify(await client.whenEnded())).toContain('AuthFailed');
  });

  test('without auth_url the relay says authentication is disabled', async () => {
    const { relay: r } = await relay();
    expect(r.logs.some((l) => l.level === 'warn' && String(l.msg).includes('authentication is disabled'))).toBe(true);
  });
});

describe('metrics', () => {
  test('every seed metric is exposed; forwarded packets count per room; session series go when sessions end', async () => {
    const { relay: r } = await relay('metrics_port = 0\njitter_target_depth = 0\n');
    const alice = await member(r, 'den');
    const bob = await member(r, 'den');
    const [a] = await Promise.all([alice.keyed(), bob.keyed()]);
    for (let n = 0; n < 20; n++) bob.sendFrame(CodecId.Opus24k, new Uint8Array(40).fill(n));
    await waitFor(() => a.receiver.counters().sourcePackets >= 20, { what: 'media' });
    await Bun.sleep(1_100); // one sampling interval for the per-session gauges
    const during = await metrics(r);
    for (const name of [
      'voice_relay_active_sessions 2',
      'voice_relay_active_rooms 1',
      'voice_relay_packets_forwarded_total{room="den"}',
      'voice_relay_bytes_forwarded_total{room="den"}',
      'voice_relay_handshake_duration_seconds_count 2',
      'voice_relay_session_jitter_buffer_depth{session_id="',
      'voice_relay_session_loss_pct{session_id="',
      'voice_relay_session_rtt_ms{session_id="',
      '# TYPE voice_relay_session_underruns_total counter',
      '# TYPE voice_relay_session_overruns_total counter',
      '# TYPE voice_relay_auth_attempts_total counter',
      '# TYPE voice_probe_rtt_ms gauge',
      '# TYPE voice_probe_loss_pct gauge',
      '# TYPE voice_probe_jitter_ms gauge',
      '# TYPE voice_probe_up gauge',
    ]) {
      expect(during).toContain(name);
    }
    const forwarded = Number(/voice_relay_packets_forwarded_total\{room="den"\} (\d+)/.exec(during)?.[1]);
    expect(forwarded).toBeGreaterThanOrEqual(20);

    alice.hangUp();
    bob.hangUp();
    await waitFor(async () => (await metrics(r)).includes('voice_relay_active_sessions 0'), { what: 'sessions end' });
    const after = await metrics(r);
    expect(after).not.toContain('voice_relay_session_loss_pct{session_id="');
    expect(after).toContain('voice_relay_active_rooms 0');
  });

  test("the endpoint's own counts: junk UDP packets are dropped and counted, no flush was ever cut", async () => {
    const { relay: r } = await relay('metrics_port = 0\n');
    expect(await metrics(r)).toContain('voice_relay_packets_dropped_total 0');
    const junk = await Bun.udpSocket({});
    for (let i = 0; i < 3; i++) junk.send(Uint8Array.of(0x40, ...new Uint8Array(40)), r.port, '127.0.0.1');
    junk.close();
    await waitFor(async () => (await metrics(r)).includes('voice_relay_packets_dropped_total 3'), {
      what: 'three drops counted',
    });
    expect(await metrics(r)).toContain('voice_relay_send_flushes_cut_total 0');
  });
});
