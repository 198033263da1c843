// Watch state storage: what is written reads back equal, and anything else is refused with a typed error.

import { describe, expect, test } from 'bun:test';
import { CorruptStateError } from '../src/alert-errors.ts';
import { decodeState, encodeState, initialWatchState, type WatchState } from '../src/watch-state.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');

const STATES: [string, WatchState][] = [
  ['a new watch', initialWatchState()],
  ['ok after a recovery', { level: 'ok', lastValue: 1.3, latched: null, lastAlertAt: { warning: T0, critical: null } }],
  [
    'warning, latched',
    { level: 'warning', lastValue: 1.19, latched: 'warning', lastAlertAt: { warning: T0, critical: null } },
  ],
  [
    'warning held by the cooldown',
    { level: 'warning', lastValue: 1.19, latched: null, lastAlertAt: { warning: T0, critical: null } },
  ],
  [
    'warning after critical',
    { level: 'warning', lastValue: 1.18, latched: 'critical', lastAlertAt: { warning: T0, critical: T0 + 1 } },
  ],
  ['critical', { level: 'critical', lastValue: 0, latched: 'critical', lastAlertAt: { warning: null, critical: T0 } }],
  ['gone', { level: 'gone', lastValue: null, latched: null, lastAlertAt: { warning: null, critical: null } }],
];

describe('encodeState / decodeState', () => {
  test.each(STATES)('%s reads back equal', (_name, state) => {
    expect(decodeState(encodeState(state))).toEqual(state);
  });

  test('the stored text is versioned JSON', () => {
    expect(JSON.parse(encodeState(initialWatchState()))).toEqual({
      v: 1,
      level: 'ok',
      lastValue: null,
      latched: null,
      lastAlertAt: { warning: null, critical: null },
    });
  });

  const good = JSON.parse(encodeState(STATES[2]?.[1] ?? initialWatchState()));
  test.each([
    ['text that is not JSON', '{"v":1,'],
    ['JSON that is not an object', '[1]'],
    ['null', 'null'],
    ['an unknown version', JSON.stringify({ ...good, v: 2 })],
    ['a missing version', JSON.stringify({ ...good, v: undefined })],
    ['an unknown level', JSON.stringify({ ...good, level: 'panic' })],
    ['a negative last value', JSON.stringify({ ...good, lastValue: -1 })],
    ['a last value stored as text', JSON.stringify({ ...good, lastValue: '1.19' })],
    ['a missing last value', JSON.stringify({ ...good, lastValue: undefined })],
    ['an unknown latch', JSON.stringify({ ...good, latched: 'recovered' })],
    ['a missing lastAlertAt', JSON.stringify({ ...good, lastAlertAt: undefined })],
    [
      'an alert time that is not a number',
      JSON.stringify({ ...good, lastAlertAt: { warning: 'yesterday', critical: null } }),
    ],
    ['a warning level without a value', JSON.stringify({ ...good, lastValue: null })],
    ['an ok level that is latched', JSON.stringify({ ...good, level: 'ok' })],
    ['a gone level that is latched', JSON.stringify({ ...good, level: 'gone' })],
    ['a critical level not latched critical', JSON.stringify({ ...good, level: 'critical' })],
    [
      'a latch without the alert that set it',
      JSON.stringify({ ...good, lastAlertAt: { warning: null, critical: null } }),
    ],
  ])('refuses %s with CorruptStateError', (_name, text) => {
    expect(() => decodeState(text)).toThrow(CorruptStateError);
  });

  test('keeps the JSON parse failure as the cause', () => {
    try {
      decodeState('not json');
      throw new Error('decodeState accepted "not json"');
    } catch (error) {
      expect(error).toBeInstanceOf(CorruptStateError);
      expect((error as CorruptStateError).cause).toBeInstanceOf(SyntaxError);
      expect((error as CorruptStateError).code).toBe('corrupt_alert_state');
    }
  });
});
