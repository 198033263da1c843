// Alert settings: defaults, units and the errors that name the bad field.

import { describe, expect, test } from 'bun:test';
import { InvalidPolicyError } from '../src/alert-errors.ts';
import {
  type AlertPolicyInput,
  DEFAULT_COOLDOWN_MS,
  DEFAULT_MARGIN_RATIO,
  MAX_COOLDOWN_MS,
  parseAlertPolicy,
} from '../src/alert-policy.ts';

const HOUR = 3_600_000;

describe('parseAlertPolicy', () => {
  test('fills a margin of 2 % of the warning threshold and a 6 h cooldown', () => {
    expect(parseAlertPolicy({ metric: 'health', warning: 1.5, critical: 1.2 })).toEqual({
      metric: 'health',
      warning: 1.5,
      critical: 1.2,
      margin: DEFAULT_MARGIN_RATIO * 1.5,
      cooldownMs: 6 * HOUR,
    });
    expect(DEFAULT_MARGIN_RATIO).toBe(0.02);
    expect(DEFAULT_COOLDOWN_MS).toBe(6 * HOUR);
  });

  test('keeps a given margin and cooldown, zero included', () => {
    expect(parseAlertPolicy({ metric: 'ltv', warning: 0.7, critical: 0.8, margin: 0, cooldownMs: 0 })).toEqual({
      metric: 'ltv',
      warning: 0.7,
      critical: 0.8,
      margin: 0,
      cooldownMs: 0,
    });
  });

  test('accepts the longest cooldown, 12 h', () => {
    expect(
      parseAlertPolicy({ metric: 'health', warning: 1.5, critical: 1.2, cooldownMs: MAX_COOLDOWN_MS }).cooldownMs,
    ).toBe(12 * HOUR);
  });

  test.each([
    ['an unknown metric', { metric: 'apr', warning: 1.5, critical: 1.2 }, 'metric'],
    ['a warning that is not a number', { metric: 'health', warning: Number.NaN, critical: 1.2 }, 'warning'],
    ['a health warning at liquidation', { metric: 'health', warning: 1, critical: 1.2 }, 'warning'],
    ['a health critical below liquidation', { metric: 'health', warning: 1.5, critical: 0.9 }, 'critical'],
    ['a health critical above warning', { metric: 'health', warning: 1.2, critical: 1.3 }, 'critical'],
    ['a health critical equal to warning', { metric: 'health', warning: 1.2, critical: 1.2 }, 'critical'],
    ['an ltv warning given in percent', { metric: 'ltv', warning: 80, critical: 90 }, 'warning'],
    ['an ltv warning of zero', { metric: 'ltv', warning: 0, critical: 0.9 }, 'warning'],
    ['an ltv critical of 100 %', { metric: 'ltv', warning: 0.8, critical: 1 }, 'critical'],
    ['an ltv critical below warning', { metric: 'ltv', warning: 0.8, critical: 0.7 }, 'critical'],
    ['a negative margin', { metric: 'health', warning: 1.5, critical: 1.2, margin: -0.01 }, 'margin'],
    ['an infinite margin', { metric: 'health', warning: 1.5, critical: 1.2, margin: Infinity }, 'margin'],
    [
      'an ltv margin that could never be recovered from',
      { metric: 'ltv', warning: 0.5, critical: 0.8, margin: 0.5 },
      'margin',
    ],
    ['a negative cooldown', { metric: 'health', warning: 1.5, critical: 1.2, cooldownMs: -1 }, 'cooldownMs'],
    ['a fractional cooldown', { metric: 'health', warning: 1.5, critical: 1.2, cooldownMs: 1.5 }, 'cooldownMs'],
    [
      'a cooldown over 12 h',
      { metric: 'health', warning: 1.5, critical: 1.2, cooldownMs: MAX_COOLDOWN_MS + 1 },
      'cooldownMs',
    ],
  ])('refuses %s, naming the field', (_name, input, field) => {
    expect(() => parseAlertPolicy(input as AlertPolicyInput)).toThrow(
      expect.objectContaining({ name: 'InvalidPolicyError', code: 'invalid_alert_policy', field }),
    );
  });

  test('says which way the thresholds go and how LTV is written', () => {
    expect(() => parseAlertPolicy({ metric: 'health', warning: 1.2, critical: 1.3 })).toThrow(
      'critical: must be below the warning threshold 1.2 (got 1.3)',
    );
    expect(() => parseAlertPolicy({ metric: 'ltv', warning: 80, critical: 90 })).toThrow(
      'warning: an ltv threshold is a fraction between 0 and 1, e.g. 0.8 for 80 % (got 80)',
    );
    expect(() => parseAlertPolicy({ metric: 'ltv', warning: 80, critical: 90 })).toThrow(InvalidPolicyError);
  });
});
