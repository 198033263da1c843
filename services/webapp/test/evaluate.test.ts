// The alert decision: one alert per crossing, hysteresis, cooldown, escalation, recovery and the end of a watch.

import { describe, expect, test } from 'bun:test';
import { InvalidObservationError } from '../src/alert-errors.ts';
import { type AlertPolicyInput, parseAlertPolicy } from '../src/alert-policy.ts';
import { type Alert, evaluate, type Observation } from '../src/evaluate.ts';
import { initialWatchState, type WatchState } from '../src/watch-state.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const COOLDOWN = 6 * HOUR;

const HEALTH: AlertPolicyInput = { metric: 'health', warning: 1.2, critical: 1.1, margin: 0.05, cooldownMs: COOLDOWN };
const LTV: AlertPolicyInput = { metric: 'ltv', warning: 0.8, critical: 0.9, margin: 0.05, cooldownMs: COOLDOWN };

/** One check: minutes after T0, and a value or a non-value observation. */
type Step = readonly [minutes: number, observation: number | Observation];

interface Replay {
  readonly state: WatchState;
  /** `index:level` for each alert, in order. */
  readonly alerts: string[];
  readonly sent: Alert[];
}

function replay(input: AlertPolicyInput, steps: readonly Step[], start: WatchState = initialWatchState()): Replay {
  const policy = parseAlertPolicy(input);
  let state = start;
  const alerts: string[] = [];
  const sent: Alert[] = [];
  steps.forEach(([minutes, observation], index) => {
    const result = evaluate(policy, state, toObservation(observation), T0 + minutes * MINUTE);
    state = result.state;
    for (const alert of result.alerts) {
      alerts.push(`${index}:${alert.level}`);
      sent.push(alert);
    }
  });
  return { state, alerts, sent };
}

function toObservation(observation: number | Observation): Observation {
  return typeof observation === 'number' ? { kind: 'value', value: observation } : observation;
}

/** Values one minute apart, starting at T0. */
function minutely(values: readonly number[]): Step[] {
  return values.map((value, index) => [index, value]);
}

describe('evaluate, sentence by sentence', () => {
  test('the first observation below warning alerts at once', () => {
    const { sent, state } = replay(HEALTH, [[0, 1.19]]);
    expect(sent).toEqual([{ level: 'warning', metric: 'health', value: 1.19, threshold: 1.2, at: T0 }]);
    expect(state).toEqual({
      level: 'warning',
      lastValue: 1.19,
      latched: 'warning',
      lastAlertAt: { warning: T0, critical: null },
    });
  });

  test('a value exactly at the threshold is not a crossing', () => {
    expect(replay({ ...HEALTH, warning: 1.5, margin: 0.25 }, minutely([2, 1.5])).alerts).toEqual([]);
    expect(replay({ ...LTV, warning: 0.5, margin: 0.25 }, minutely([0.1, 0.5])).alerts).toEqual([]);
  });

  test('staying below the threshold does not alert again, however long it lasts', () => {
    const steps: Step[] = [0, 1, 2, 3, 4, 5, 6, 7].map((hour) => [hour * 60 * 2, 1.15]);
    expect(replay(HEALTH, steps).alerts).toEqual(['0:warning']);
  });

  test('values hovering around the threshold without passing the margin do not flap', () => {
    expect(replay(HEALTH, minutely([1.3, 1.19, 1.21, 1.19, 1.24, 1.18, 1.2, 1.19])).alerts).toEqual(['1:warning']);
  });

  test('recovering past threshold + margin sends one recovery notice and re-arms', () => {
    const { sent, state } = replay(HEALTH, minutely([1.19, 1.26, 1.3]));
    expect(sent[1]).toEqual({
      level: 'recovered',
      metric: 'health',
      value: 1.26,
      threshold: 1.2,
      from: 'warning',
      at: T0 + MINUTE,
    });
    expect(sent).toHaveLength(2);
    expect(state.level).toBe('ok');
    expect(state.latched).toBeNull();
  });

  test('recovery lands exactly on threshold + margin', () => {
    const policy = { ...HEALTH, warning: 1.5, critical: 1.25, margin: 0.25 };
    expect(replay(policy, minutely([1.4, 1.7499, 1.75])).alerts).toEqual(['0:warning', '2:recovered']);
  });

  test('the cooldown applies to re-alerting the same level after a re-arm, to the millisecond', () => {
    const base: Step[] = [
      [0, 1.19],
      [1, 1.26],
    ];
    const held = replay(HEALTH, base);
    const policy = parseAlertPolicy(HEALTH);
    const early = evaluate(policy, held.state, { kind: 'value', value: 1.19 }, T0 + COOLDOWN - 1);
    const onTime = evaluate(policy, held.state, { kind: 'value', value: 1.19 }, T0 + COOLDOWN);
    expect(early.alerts).toEqual([]);
    expect(onTime.alerts.map((alert) => alert.level)).toEqual(['warning']);
  });

  test('a crossing held back by the cooldown is sent at the first check after it ends, if still past the threshold', () => {
    const steps: Step[] = [
      [0, 1.19],
      [10, 1.26],
      [20, 1.18],
      [60, 1.17],
      [360, 1.17],
      [400, 1.16],
    ];
    expect(replay(HEALTH, steps).alerts).toEqual(['0:warning', '1:recovered', '4:warning']);
  });

  test('a held-back crossing is not sent while the value sits inside the margin, only once it is past again', () => {
    const steps: Step[] = [
      [0, 1.19],
      [10, 1.26],
      [20, 1.19],
      [400, 1.22],
      [410, 1.19],
    ];
    expect(replay(HEALTH, steps).alerts).toEqual(['0:warning', '1:recovered', '4:warning']);
  });

  test('a held-back crossing that recovers before the cooldown ends sends nothing, not even a recovery', () => {
    expect(replay(HEALTH, minutely([1.19, 1.26, 1.18, 1.3, 1.35])).alerts).toEqual(['0:warning', '1:recovered']);
  });

  test('escalation from warning to critical is never suppressed by the cooldown', () => {
    expect(replay(HEALTH, minutely([1.19, 1.09])).alerts).toEqual(['0:warning', '1:critical']);
    // Warning held by its cooldown, then critical a minute later: the critical goes out.
    expect(replay(HEALTH, minutely([1.19, 1.26, 1.19, 1.05])).alerts).toEqual([
      '0:warning',
      '1:recovered',
      '3:critical',
    ]);
  });

  test('critical after a full recovery is an escalation and ignores the critical cooldown', () => {
    expect(replay(HEALTH, minutely([1.05, 1.3, 1.05])).alerts).toEqual(['0:critical', '1:recovered', '2:critical']);
  });

  test('a jump straight from ok to critical sends only the critical alert', () => {
    const { sent } = replay(HEALTH, minutely([1.5, 1.05]));
    expect(sent).toEqual([{ level: 'critical', metric: 'health', value: 1.05, threshold: 1.1, at: T0 + MINUTE }]);
  });

  test('a drop from critical to warning (a partial recovery) sends nothing', () => {
    // 1.12 is within the critical margin, 1.18 past it; neither is news.
    const { alerts, state } = replay(HEALTH, minutely([1.05, 1.12, 1.18]));
    expect(alerts).toEqual(['0:critical']);
    expect(state).toEqual({
      level: 'warning',
      lastValue: 1.18,
      latched: 'critical',
      lastAlertAt: { warning: null, critical: T0 },
    });
  });

  test('re-crossing critical after a partial recovery re-alerts only once the critical cooldown has passed', () => {
    expect(replay(HEALTH, minutely([1.05, 1.18, 1.05])).alerts).toEqual(['0:critical']);
    const later: Step[] = [
      [0, 1.05],
      [60, 1.18],
      [360, 1.05],
    ];
    expect(replay(HEALTH, later).alerts).toEqual(['0:critical', '2:critical']);
  });

  test('recovery from critical straight to ok sends one notice naming critical', () => {
    const { sent } = replay(HEALTH, minutely([1.05, 1.3]));
    expect(sent[1]).toEqual({
      level: 'recovered',
      metric: 'health',
      value: 1.3,
      threshold: 1.2,
      from: 'critical',
      at: T0 + MINUTE,
    });
  });

  test.each([
    ['liquidated', 'liquidated'],
    ['left-wallet', 'left-wallet'],
  ] as const)('%s alerts once, then the watch is gone and silent', (kind, level) => {
    const { sent, state, alerts } = replay(HEALTH, [
      [0, 1.15],
      [1, { kind }],
      [2, 1.05],
      [3, { kind }],
      [4, { kind: 'liquidated' }],
      [5, 1.5],
    ]);
    expect(alerts).toEqual(['0:warning', `1:${level}`]);
    expect(sent[1]).toEqual({ level, metric: 'health', lastValue: 1.15, at: T0 + MINUTE });
    expect(state).toEqual({
      level: 'gone',
      lastValue: 1.15,
      latched: null,
      lastAlertAt: { warning: T0, critical: null },
    });
  });

  test('liquidation of a position never read still alerts, without a last value', () => {
    expect(replay(HEALTH, [[0, { kind: 'liquidated' }]]).sent).toEqual([
      { level: 'liquidated', metric: 'health', lastValue: null, at: T0 },
    ]);
  });

  test('closing the position ends the watch without an alert', () => {
    const { alerts, state } = replay(HEALTH, [
      [0, 1.15],
      [1, { kind: 'closed' }],
      [2, { kind: 'liquidated' }],
    ]);
    expect(alerts).toEqual(['0:warning']);
    expect(state.level).toBe('gone');
  });

  test('for ltv, rising above a threshold alerts and falling below threshold − margin recovers', () => {
    const { sent } = replay(LTV, minutely([0.5, 0.81, 0.78, 0.92, 0.74]));
    expect(sent).toEqual([
      { level: 'warning', metric: 'ltv', value: 0.81, threshold: 0.8, at: T0 + MINUTE },
      { level: 'critical', metric: 'ltv', value: 0.92, threshold: 0.9, at: T0 + 3 * MINUTE },
      { level: 'recovered', metric: 'ltv', value: 0.74, threshold: 0.8, from: 'critical', at: T0 + 4 * MINUTE },
    ]);
  });

  test('a zero margin recovers at the threshold itself', () => {
    expect(replay({ ...HEALTH, margin: 0 }, minutely([1.19, 1.2])).alerts).toEqual(['0:warning', '1:recovered']);
  });

  test.each([NaN, -0.01, Infinity, -Infinity])('the value %p is rejected with a typed error', (value) => {
    const policy = parseAlertPolicy(HEALTH);
    expect(() => evaluate(policy, initialWatchState(), { kind: 'value', value }, T0)).toThrow(InvalidObservationError);
  });

  test('an unknown observation kind is rejected with a typed error', () => {
    const observation = { kind: 'repaid' } as unknown as Observation;
    expect(() => evaluate(parseAlertPolicy(HEALTH), initialWatchState(), observation, T0)).toThrow(
      expect.objectContaining({ code: 'invalid_observation', field: 'kind' }),
    );
  });

  test('an invalid value is rejected even once the watch is gone', () => {
    const { state } = replay(HEALTH, [[0, { kind: 'closed' }]]);
    expect(() => evaluate(parseAlertPolicy(HEALTH), state, { kind: 'value', value: NaN }, T0)).toThrow(
      InvalidObservationError,
    );
  });

  test.each([NaN, -1, Infinity])('the clock reading %p is rejected with a typed error', (now) => {
    const policy = parseAlertPolicy(HEALTH);
    expect(() => evaluate(policy, initialWatchState(), { kind: 'value', value: 1.5 }, now)).toThrow(
      expect.objectContaining({ code: 'invalid_observation', field: 'now' }),
    );
  });

  test('evaluate never mutates the state it is given', () => {
    const state: WatchState = Object.freeze({
      ...initialWatchState(),
      lastAlertAt: Object.freeze({ warning: null, critical: null }),
    });
    expect(() => evaluate(parseAlertPolicy(HEALTH), state, { kind: 'value', value: 1.05 }, T0)).not.toThrow();
    expect(state).toEqual(initialWatchState());
  });
});

describe('evaluate over sequences', () => {
  // Brief's sequence: warning 1.2, margin 0.05 → re-arm at 1.25. Index 5 (1.26) recovers, so it sends a notice too.
  const LADDER = [1.5, 1.3, 1.19, 1.18, 1.21, 1.26, 1.19];

  test.each([
    {
      name: 'one minute apart: the second crossing falls inside the cooldown and is held',
      policy: HEALTH,
      steps: LADDER.map((value, index): Step => [index, value]),
      expected: ['2:warning', '5:recovered'],
    },
    {
      name: 'second crossing exactly one cooldown after the first alert: sent',
      policy: HEALTH,
      steps: LADDER.map((value, index): Step => [index === 6 ? 2 + 360 : index, value]),
      expected: ['2:warning', '5:recovered', '6:warning'],
    },
    {
      name: 'one hour apart: the crossing at 6 h is only 4 h after the alert at 2 h, held',
      policy: HEALTH,
      steps: LADDER.map((value, index): Step => [index * 60, value]),
      expected: ['2:warning', '5:recovered'],
    },
    {
      name: 'one hour apart and still low at 8 h: the held crossing goes out then',
      policy: HEALTH,
      steps: [...LADDER.map((value, index): Step => [index * 60, value]), [8 * 60, 1.19]],
      expected: ['2:warning', '5:recovered', '7:warning'],
    },
    {
      name: 'default margin (2 % of 1.2 = 0.024): 1.21 is not a recovery, 1.26 is',
      policy: { metric: 'health', warning: 1.2, critical: 1.1 },
      steps: LADDER.map((value, index): Step => [index, value]),
      expected: ['2:warning', '5:recovered'],
    },
    {
      name: 'a ladder down to critical and back: partial recoveries are silent',
      policy: HEALTH,
      steps: minutely([1.3, 1.15, 1.05, 1.12, 1.09, 1.17, 1.3]),
      expected: ['1:warning', '2:critical', '6:recovered'],
    },
    {
      name: 'critical flapping past its margin within the cooldown: one alert',
      policy: HEALTH,
      steps: minutely([1.05, 1.16, 1.05, 1.16, 1.05]),
      expected: ['0:critical'],
    },
    {
      name: 'critical flapping past its margin every 2 h: one alert per cooldown',
      policy: HEALTH,
      steps: [1.05, 1.16, 1.05, 1.16, 1.05].map((value, index): Step => [index * 120, value]),
      expected: ['0:critical', '4:critical'],
    },
    {
      name: 'ltv up through both levels and back down',
      policy: LTV,
      steps: minutely([0.5, 0.81, 0.79, 0.76, 0.95, 0.7]),
      expected: ['1:warning', '4:critical', '5:recovered'],
    },
    {
      name: 'no cooldown: every crossing past the margin alerts',
      policy: { ...HEALTH, cooldownMs: 0 },
      steps: minutely(LADDER),
      expected: ['2:warning', '5:recovered', '6:warning'],
    },
  ] satisfies { name: string; policy: AlertPolicyInput; steps: Step[]; expected: string[] }[])(
    '$name',
    ({ policy, steps, expected }) => {
      expect(replay(policy, steps).alerts).toEqual(expected);
    },
  );
});
