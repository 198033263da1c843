// Tests for CallSession: every legal and illegal transition, its record, its deadlines and its event order.

import { describe, expect, test } from 'bun:test';
import { VoiceError } from '../../src/errors.ts';
import {
  CallSession,
  CONNECT_TIMEOUT_MS,
  HANDSHAKE_TIMEOUT_MS,
  PEER_SILENCE_TIMEOUT_MS,
  REKEY_TIMEOUT_MS,
} from '../../src/session/call-session.ts';
import { CALL_STATES, CALL_TRIGGERS, legalTransitions, nextState } from '../../src/session/call-state.ts';
import { IllegalTransitionError, InvalidSessionIdError } from '../../src/session/session-errors.ts';
import { SESSION_ID, sessionIn } from './drive.ts';

const illegalPairs = CALL_STATES.flatMap((from) =>
  CALL_TRIGGERS.filter((trigger) => nextState(from, trigger) === null).map((trigger) => ({ from, trigger })),
);

describe('transitions', () => {
  test.each(legalTransitions())('$trigger moves a session from $from to $to', ({ from, trigger, to }) => {
    const session = sessionIn(from);
    expect(session.apply(trigger, 1000)).toBe(to);
    expect(session.state).toBe(to);
    expect(session.lastTransitionAt).toBe(1000);
    expect(session.pollEvent()).toEqual({ kind: 'StateChanged', from, to, trigger, at: 1000 });
    expect(session.pollEvent()).toBeNull();
  });

  test.each(illegalPairs)('$trigger in $from is rejected and leaves the session as it was', ({ from, trigger }) => {
    const session = sessionIn(from);
    const before = { state: session.state, at: session.lastTransitionAt, rekeys: session.rekeyCount };
    let thrown: unknown;
    try {
      session.apply(trigger, 1000);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IllegalTransitionError);
    expect(thrown).toBeInstanceOf(VoiceError);
    expect(thrown).toMatchObject({ code: 'illegal_transition', from, trigger });
    expect({ state: session.state, at: session.lastTransitionAt, rekeys: session.rekeyCount }).toEqual(before);
    expect(session.pollEvent()).toBeNull();
  });

  test('legal and illegal pairs together cover every (state, trigger) pair once', () => {
    expect(legalTransitions().length + illegalPairs.length).toBe(CALL_STATES.length * CALL_TRIGGERS.length);
  });

  test.each(CALL_STATES.map((state) => [state, state === 'Active' || state === 'Rekeying'] as const))(
    'media flows in %s: %p',
    (state, flows) => {
      expect(sessionIn(state).mediaFlows).toBe(flows);
    },
  );
});

describe('session record', () => {
  test('a given 16-byte id is kept as a copy that callers cannot change', () => {
    const id = Uint8Array.from(SESSION_ID);
    const session = new CallSession({ sessionId: id });
    id[0] = 0xff;
    session.sessionId[1] = 0xff;
    expect(session.sessionId).toEqual(SESSION_ID);
  });

  test('without an id, 16 bytes are drawn from the injected random source', () => {
    const asked: number[] = [];
    const session = new CallSession({
      random: (length) => {
        asked.push(length);
        return new Uint8Array(length).fill(7);
      },
    });
    expect(asked).toEqual([16]);
    expect(session.sessionId).toEqual(new Uint8Array(16).fill(7));
  });

  test.each([0, 4, 15, 17, 32])('an id of %i bytes is refused with a typed error', (length) => {
    expect(() => new CallSession({ sessionId: new Uint8Array(length) })).toThrow(InvalidSessionIdError);
    expect(() => new CallSession({ random: () => new Uint8Array(length) })).toThrow(InvalidSessionIdError);
  });

  test('a new session is Idle with no transition time and no rekeys', () => {
    const session = new CallSession({ sessionId: SESSION_ID });
    expect({ state: session.state, at: session.lastTransitionAt, rekeys: session.rekeyCount }).toEqual({
      state: 'Idle',
      at: null,
      rekeys: 0,
    });
  });

  test('the last transition time follows each applied trigger and ignores refused ones', () => {
    const session = new CallSession({ sessionId: SESSION_ID });
    session.apply('Initiate', 100);
    session.apply('Connected', 250);
    expect(() => session.apply('RekeyStart', 300)).toThrow(IllegalTransitionError);
    expect(session.lastTransitionAt).toBe(250);
    session.apply('HandshakeComplete', 400);
    expect(session.lastTransitionAt).toBe(400);
  });

  test('the rekey count rises once per completed rekey, not when a rekey starts or is cut off', () => {
    const session = sessionIn('Active');
    const counts: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      session.apply('RekeyStart', 10 + i * 2);
      counts.push(session.rekeyCount);
      session.apply('RekeyComplete', 11 + i * 2);
      counts.push(session.rekeyCount);
    }
    session.apply('RekeyStart', 20);
    session.apply('Terminate', 21);
    expect(counts).toEqual([0, 1, 1, 2, 2, 3]);
    expect(session.rekeyCount).toBe(3);
  });
});

describe('timeouts on a virtual clock', () => {
  test.each([
    ['Connecting', 'Connect', CONNECT_TIMEOUT_MS],
    ['Handshaking', 'Handshake', HANDSHAKE_TIMEOUT_MS],
    ['Rekeying', 'Rekey', REKEY_TIMEOUT_MS],
  ] as const)('%s times out %i ms after it was entered, not a millisecond sooner', (state, kind, ms) => {
    const session = sessionIn(state);
    const entered = session.lastTransitionAt ?? Number.NaN;
    expect(session.pollTimeout()).toBe(entered + ms);
    session.handleTimeout(entered + ms - 1);
    expect(session.state).toBe(state);
    expect(session.pollEvent()).toBeNull();
    session.handleTimeout(entered + ms);
    expect(session.state).toBe('Closed');
    expect([session.pollEvent(), session.pollEvent(), session.pollEvent()]).toEqual([
      { kind: 'TimedOut', timeout: kind, state, deadline: entered + ms, at: entered + ms },
      { kind: 'StateChanged', from: state, to: 'Closed', trigger: 'ConnectionLost', at: entered + ms },
      null,
    ]);
    expect(session.pollTimeout()).toBeNull();
  });

  test('a late handleTimeout still fires, and reports both the deadline and the time it ran', () => {
    const session = sessionIn('Connecting');
    session.handleTimeout(CONNECT_TIMEOUT_MS + 5000);
    expect(session.pollEvent()).toMatchObject({ kind: 'TimedOut', deadline: CONNECT_TIMEOUT_MS, at: 35_000 });
  });

  test('Idle and Closed have no deadline and handleTimeout does nothing in them', () => {
    for (const state of ['Idle', 'Closed'] as const) {
      const session = sessionIn(state);
      expect(session.pollTimeout()).toBeNull();
      session.handleTimeout(Number.MAX_SAFE_INTEGER);
      expect(session.state).toBe(state);
      expect(session.pollEvent()).toBeNull();
    }
  });

  test('leaving a state in time cancels its deadline and starts the next state afresh', () => {
    const session = new CallSession({ sessionId: SESSION_ID });
    session.apply('Initiate', 0);
    session.apply('Connected', CONNECT_TIMEOUT_MS - 1);
    expect(session.pollTimeout()).toBe(CONNECT_TIMEOUT_MS - 1 + HANDSHAKE_TIMEOUT_MS);
    session.handleTimeout(CONNECT_TIMEOUT_MS);
    expect(session.state).toBe('Handshaking');
  });

  test('an Active call closes after a peer silence, and peer activity pushes that deadline out', () => {
    const session = sessionIn('Active');
    const entered = session.lastTransitionAt ?? Number.NaN;
    expect(session.pollTimeout()).toBe(entered + PEER_SILENCE_TIMEOUT_MS);
    session.recordPeerActivity(entered + 20_000);
    session.recordPeerActivity(entered + 5_000); // out-of-order report: never pulls the deadline back
    expect(session.pollTimeout()).toBe(entered + 20_000 + PEER_SILENCE_TIMEOUT_MS);
    session.handleTimeout(entered + PEER_SILENCE_TIMEOUT_MS);
    expect(session.state).toBe('Active');
    session.handleTimeout(entered + 20_000 + PEER_SILENCE_TIMEOUT_MS);
    expect(session.state).toBe('Closed');
    expect(session.pollEvent()).toMatchObject({ kind: 'TimedOut', timeout: 'PeerSilence', state: 'Active' });
  });

  test('while Rekeying the sooner of the rekey and peer-silence deadlines applies', () => {
    const session = sessionIn('Active');
    session.recordPeerActivity(100);
    session.apply('RekeyStart', 100 + PEER_SILENCE_TIMEOUT_MS - 1000);
    expect(session.pollTimeout()).toBe(100 + PEER_SILENCE_TIMEOUT_MS);
    session.handleTimeout(100 + PEER_SILENCE_TIMEOUT_MS);
    expect(session.pollEvent()).toMatchObject({ kind: 'StateChanged', to: 'Rekeying' });
    expect(session.pollEvent()).toMatchObject({ kind: 'TimedOut', timeout: 'PeerSilence', state: 'Rekeying' });
  });

  test('timeouts are configurable, and null turns one off', () => {
    const session = sessionIn('Connecting', { timeouts: { Connect: null, Handshake: 5 } });
    expect(session.pollTimeout()).toBeNull();
    session.apply('Connected', 50);
    expect(session.pollTimeout()).toBe(55);
  });
});

describe('events', () => {
  test('a whole call reports its transitions in order, then nothing', () => {
    const session = new CallSession({ sessionId: SESSION_ID });
    const script = [
      ['Initiate', 0],
      ['Connected', 40],
      ['HandshakeComplete', 120],
      ['RekeyStart', 9000],
      ['RekeyComplete', 9060],
      ['Terminate', 20_000],
    ] as const;
    for (const [trigger, at] of script) session.apply(trigger, at);
    const events = [];
    for (let event = session.pollEvent(); event !== null; event = session.pollEvent()) events.push(event);
    expect(events).toEqual([
      { kind: 'StateChanged', from: 'Idle', to: 'Connecting', trigger: 'Initiate', at: 0 },
      { kind: 'StateChanged', from: 'Connecting', to: 'Handshaking', trigger: 'Connected', at: 40 },
      { kind: 'StateChanged', from: 'Handshaking', to: 'Active', trigger: 'HandshakeComplete', at: 120 },
      { kind: 'StateChanged', from: 'Active', to: 'Rekeying', trigger: 'RekeyStart', at: 9000 },
      { kind: 'StateChanged', from: 'Rekeying', to: 'Active', trigger: 'RekeyComplete', at: 9060 },
      { kind: 'StateChanged', from: 'Active', to: 'Closed', trigger: 'Terminate', at: 20_000 },
    ]);
    expect(session.rekeyCount).toBe(1);
  });
});
