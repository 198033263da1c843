import { describe, expect, test } from 'bun:test';
import { formatAmount, formatPercent, formatPrice } from '../src/lib/format.ts';
import { formatHealth, healthLevel } from '../src/lib/health.ts';

describe('healthLevel', () => {
  test.each([
    [3, 'safe'],
    [1.5, 'safe'],
    [1.4999, 'caution'],
    [1.2, 'caution'],
    [1.1999, 'danger'],
    [0.9, 'danger'],
    [null, 'none'],
    [Number.POSITIVE_INFINITY, 'none'],
  ] as const)('health %p is %s', (health, level) => {
    expect(healthLevel(health)).toBe(level);
  });
});

describe('formatHealth', () => {
  test.each([
    [2.125, '2.13'],
    [1, '1.00'],
    [250, '> 100'],
    [null, 'no debt'],
  ] as const)('%p reads %p', (health, text) => {
    expect(formatHealth(health)).toBe(text);
  });
});

describe('formatAmount', () => {
  test('shows whole tokens with grouping and the symbol', () => {
    expect(formatAmount(7500n * 10n ** 18n, 18, 'USD')).toBe('7,500 USD');
    expect(formatAmount(1_234_567n, 6, 'USDC')).toBe('1.23457 USDC');
  });

  test('says so when an amount is tiny', () => {
    expect(formatAmount(1n, 18, 'ETH')).toBe('< 0.0001 ETH');
  });

  test('falls back to smallest units without decimals', () => {
    expect(formatAmount(42n, null, 'XYZ')).toBe('42 (smallest units)');
  });
});

test('formatPercent shows one decimal', () => {
  expect([formatPercent(0.4253), formatPercent(null)]).toEqual(['42.5 %', '—']);
});

test('formatPrice shows cents from 1 and significant digits below', () => {
  expect([
    formatPrice(1764.7058, 'USD', 'ETH'),
    formatPrice(0.0123456, null, null),
    formatPrice(null, 'USD', 'ETH'),
  ]).toEqual(['1,764.71 USD per ETH', '0.0123456', '—']);
});
