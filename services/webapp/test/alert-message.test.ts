// The words of an alert: which position, what value, which threshold, a deep link; ntfy priority and tags.

import { describe, expect, test } from 'bun:test';
import { type AlertMessage, type AlertPosition, describeAlert } from '../src/alert-message.ts';
import type { Alert } from '../src/evaluate.ts';

const AT = Date.parse('2026-01-01T00:00:00Z');
const POSITION: AlertPosition = {
  label: 'ETH-USDC',
  chain: 'base',
  id: 4242n,
  link: 'http://localhost:8080/dapp/position/base/0xabc/4242',
};
const WHERE = 'ETH-USDC on base, position #4242\nhttp://localhost:8080/dapp/position/base/0xabc/4242';

describe('describeAlert', () => {
  test.each([
    [
      { level: 'warning', metric: 'health', value: 1.19, threshold: 1.2, at: AT },
      {
        title: 'Warning: ETH-USDC health 1.19',
        body: `Health is 1.19, below your warning threshold of 1.2. At 1 the position can be liquidated.\n${WHERE}`,
        priority: 4,
        tags: ['warning', 'base'],
      },
    ],
    [
      { level: 'critical', metric: 'health', value: 1.05, threshold: 1.1, at: AT },
      {
        title: 'Critical: ETH-USDC health 1.05',
        body: `Health is 1.05, below your critical threshold of 1.1. At 1 the position can be liquidated.\n${WHERE}`,
        priority: 5,
        tags: ['rotating_light', 'base'],
      },
    ],
    [
      { level: 'warning', metric: 'ltv', value: 0.815, threshold: 0.8, at: AT },
      {
        title: 'Warning: ETH-USDC loan-to-value 81.5 %',
        body: `Loan-to-value is 81.5 %, above your warning threshold of 80 %.\n${WHERE}`,
        priority: 4,
        tags: ['warning', 'base'],
      },
    ],
    [
      { level: 'recovered', metric: 'health', value: 1.26, threshold: 1.2, from: 'critical', at: AT },
      {
        title: 'Recovered: ETH-USDC health 1.26',
        body: `Health is back to 1.26, safely above your warning threshold of 1.2. Alerts are armed again.\n${WHERE}`,
        priority: 3,
        tags: ['white_check_mark', 'base'],
      },
    ],
    [
      { level: 'recovered', metric: 'ltv', value: 0.7, threshold: 0.8, from: 'warning', at: AT },
      {
        title: 'Recovered: ETH-USDC loan-to-value 70 %',
        body: `Loan-to-value is back to 70 %, safely below your warning threshold of 80 %. Alerts are armed again.\n${WHERE}`,
        priority: 3,
        tags: ['white_check_mark', 'base'],
      },
    ],
    [
      { level: 'liquidated', metric: 'health', lastValue: 1.02, at: AT },
      {
        title: 'Liquidated: ETH-USDC position liquidated',
        body: `The position was liquidated (last health read: 1.02). This watch has stopped.\n${WHERE}`,
        priority: 5,
        tags: ['skull', 'base'],
      },
    ],
    [
      { level: 'left-wallet', metric: 'ltv', lastValue: null, at: AT },
      {
        title: 'Left the wallet: ETH-USDC position no longer in the wallet',
        body: `The position NFT was transferred out of the watched wallet or burned. This watch has stopped.\n${WHERE}`,
        priority: 4,
        tags: ['outbox_tray', 'base'],
      },
    ],
  ] satisfies [Alert, Omit<AlertMessage, 'click'>][])('%o reads as %o', (alert, expected) => {
    expect(describeAlert(alert, POSITION)).toEqual({ ...expected, click: POSITION.link });
  });

  test('a value just past a threshold never prints the same as the threshold', () => {
    const health = describeAlert(
      { level: 'warning', metric: 'health', value: 1.1999, threshold: 1.2, at: AT },
      POSITION,
    );
    expect(health.body).toStartWith('Health is 1.1999, below your warning threshold of 1.2.');
    const ltv = describeAlert({ level: 'critical', metric: 'ltv', value: 0.90004, threshold: 0.9, at: AT }, POSITION);
    expect(ltv.title).toBe('Critical: ETH-USDC loan-to-value 90.004 %');
  });

  test('a token id given as a string reads the same as a bigint', () => {
    const alert: Alert = { level: 'liquidated', metric: 'health', lastValue: null, at: AT };
    expect(describeAlert(alert, { ...POSITION, id: '4242' })).toEqual(describeAlert(alert, POSITION));
  });
});
