// The alert decision's promises checked over seeded random walks of health and LTV, state stored at every step.

import { describe, expect, test } from 'bun:test';
import { seededRandom } from '../../../scripts/test-support/seeded-random.ts';
import { type AlertPolicy, type AlertPolicyInput, parseAlertPolicy } from '../src/alert-policy.ts';
import { evaluate } from '../src/evaluate.ts';
import { decodeState, encodeState, initialWatchState } from '../src/watch-state.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const HEALTH: AlertPolicyInput = { metric: 'health', warning: 1.2, critical: 1.1, margin: 0.05, cooldownMs: 6 * HOUR };

describe('evaluate over random walks (property style)', () => {
  const WALKS = 300;
  const STEPS = 120;

  /** Independent of the implementation: past a threshold in the alert direction, or back past it by the margin. */
  function beyond(policy: AlertPolicy, value: number, threshold: number): boolean {
    return policy.metric === 'health' ? value < threshold : value > threshold;
  }
  function recovered(policy: AlertPolicy, value: number): boolean {
    return policy.metric === 'health'
      ? value >= policy.warning + policy.margin
      : value <= policy.warning - policy.margin;
  }

  function walk(seed: number, policy: AlertPolicy, around: number, stride: number): void {
    const next = seededRandom(seed);
    let state = initialWatchState();
    let value = around * (0.85 + next() * 0.3);
    let now = T0;
    let lastWarning: number | null = null;
    let lastCritical: number | null = null;
    let told: 'warning' | 'critical' | null = null;
    for (let step = 0; step < STEPS; step += 1) {
      value = Math.max(0, value + (next() - 0.5) * stride);
      now += Math.floor(1 + next() * 3 * HOUR);
      const { state: after, alerts } = evaluate(policy, state, { kind: 'value', value }, now);
      const context = `seed ${seed}, step ${step}, value ${value}`;
      expect(alerts.length, context).toBeLessThanOrEqual(1);
      for (const alert of alerts) {
        if (alert.level === 'warning') {
          // One alert per crossing: only when the owner's latest news is "all well", and once per cooldown.
          expect(beyond(policy, value, policy.warning) && told === null, context).toBe(true);
          expect(now - (lastWarning ?? Number.NEGATIVE_INFINITY), context).toBeGreaterThanOrEqual(policy.cooldownMs);
          lastWarning = now;
          told = 'warning';
        } else if (alert.level === 'critical') {
          expect(beyond(policy, value, policy.critical), context).toBe(true);
          // A repeat of critical the owner already knows waits for the cooldown; an escalation does not.
          if (told === 'critical') {
            expect(now - (lastCritical ?? Number.NEGATIVE_INFINITY), context).toBeGreaterThanOrEqual(policy.cooldownMs);
          }
          lastCritical = now;
          told = 'critical';
        } else if (alert.level === 'recovered') {
          expect(recovered(policy, value) && told !== null, context).toBe(true);
          told = null;
        }
      }
      // Never left believing all is well, while past a threshold, once the cooldown allows saying otherwise.
      if (after.latched === null && beyond(policy, value, policy.warning)) {
        expect(now - (lastWarning ?? Number.NEGATIVE_INFINITY), context).toBeLessThan(policy.cooldownMs);
      }
      if (after.level === 'critical') expect(after.latched, context).toBe('critical');
      expect(after.latched, context).toBe(told);
      expect(decodeState(encodeState(after)), context).toEqual(after);
      state = after;
    }
  }

  test.each([
    ['health, default margin and cooldown', { metric: 'health', warning: 1.3, critical: 1.15 }, 1.3, 0.12],
    ['health, wide margin, 1 h cooldown', { ...HEALTH, warning: 1.3, margin: 0.1, cooldownMs: HOUR }, 1.3, 0.12],
    ['health, no margin, no cooldown', { ...HEALTH, margin: 0, cooldownMs: 0 }, 1.2, 0.12],
    ['ltv, default margin and cooldown', { metric: 'ltv', warning: 0.75, critical: 0.85 }, 0.75, 0.08],
  ] satisfies [string, AlertPolicyInput, number, number][])(
    '%s: every walk keeps the promises',
    (_name, input, around, stride) => {
      const policy = parseAlertPolicy(input);
      for (let seed = 1; seed <= WALKS; seed += 1) walk(seed, policy, around, stride);
    },
  );
});
