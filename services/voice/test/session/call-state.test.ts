// Tests for the transition table: it is the seed's table, entry for entry.

import { describe, expect, test } from 'bun:test';
import {
  CALL_STATES,
  CALL_TRANSITIONS,
  CALL_TRIGGERS,
  LIVE_STATES,
  legalTransitions,
  nextState,
} from '../../src/session/call-state.ts';

describe('call state table', () => {
  test('holds exactly the seed transitions, with Terminate and ConnectionLost from every live state', () => {
    expect(legalTransitions()).toEqual([
      { from: 'Idle', trigger: 'Initiate', to: 'Connecting' },
      { from: 'Connecting', trigger: 'Connected', to: 'Handshaking' },
      { from: 'Connecting', trigger: 'Terminate', to: 'Closed' },
      { from: 'Connecting', trigger: 'ConnectionLost', to: 'Closed' },
      { from: 'Handshaking', trigger: 'HandshakeComplete', to: 'Active' },
      { from: 'Handshaking', trigger: 'Terminate', to: 'Closed' },
      { from: 'Handshaking', trigger: 'ConnectionLost', to: 'Closed' },
      { from: 'Active', trigger: 'RekeyStart', to: 'Rekeying' },
      { from: 'Active', trigger: 'Terminate', to: 'Closed' },
      { from: 'Active', trigger: 'ConnectionLost', to: 'Closed' },
      { from: 'Rekeying', trigger: 'RekeyComplete', to: 'Active' },
      { from: 'Rekeying', trigger: 'Terminate', to: 'Closed' },
      { from: 'Rekeying', trigger: 'ConnectionLost', to: 'Closed' },
    ]);
  });

  test('names only known states and triggers', () => {
    for (const [from, row] of Object.entries(CALL_TRANSITIONS)) {
      expect(CALL_STATES).toContain(from as never);
      for (const [trigger, to] of Object.entries(row)) {
        expect(CALL_TRIGGERS).toContain(trigger as never);
        expect(CALL_STATES).toContain(to as never);
      }
    }
  });

  test('Closed is terminal and Idle can only start a call', () => {
    expect(CALL_TRIGGERS.map((trigger) => nextState('Closed', trigger))).toEqual(CALL_TRIGGERS.map(() => null));
    expect(CALL_TRIGGERS.filter((trigger) => nextState('Idle', trigger) !== null)).toEqual(['Initiate']);
    expect(LIVE_STATES).toEqual(['Connecting', 'Handshaking', 'Active', 'Rekeying']);
  });
});
