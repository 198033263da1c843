// Turns an alert into the words, priority and tags of an ntfy message: which position, what value, which threshold.

import type { MetricKind } from './alert-policy.ts';
import type { Alert } from './evaluate.ts';

/** The position as the owner knows it. */
export interface AlertPosition {
  /** The preset's label or the owner's name for it, e.g. `ETH-USDC`. */
  readonly label: string;
  readonly chain: string;
  /** The position NFT's token id. */
  readonly id: string | bigint;
  /** Deep link to the position page in the dapp. */
  readonly link: string;
}

/** ntfy priorities 1–5 (min, low, default, high, max): https://docs.ntfy.sh/publish/#message-priority */
export type NtfyPriority = 1 | 2 | 3 | 4 | 5;

/** An ntfy publish: `Title`, body, `Priority`, `Tags` and `Click` headers. */
export interface AlertMessage {
  readonly title: string;
  readonly body: string;
  readonly priority: NtfyPriority;
  /** Emoji short codes ntfy renders as icons, then the chain as a plain tag. */
  readonly tags: readonly string[];
  readonly click: string;
}

/** Default priority: news that needs no action now (recovery). */
const PRIORITY_DEFAULT = 3;
/** High: act soon (warning; the NFT left the wallet, which may be theft). */
const PRIORITY_HIGH = 4;
/** Max, the one that breaks through do-not-disturb on phones: act now or money is lost (critical, liquidated). */
const PRIORITY_MAX = 5;

const STYLE = {
  warning: { prefix: 'Warning', priority: PRIORITY_HIGH, emoji: 'warning' },
  critical: { prefix: 'Critical', priority: PRIORITY_MAX, emoji: 'rotating_light' },
  recovered: { prefix: 'Recovered', priority: PRIORITY_DEFAULT, emoji: 'white_check_mark' },
  liquidated: { prefix: 'Liquidated', priority: PRIORITY_MAX, emoji: 'skull' },
  'left-wallet': { prefix: 'Left the wallet', priority: PRIORITY_HIGH, emoji: 'outbox_tray' },
} as const satisfies Record<Alert['level'], { prefix: string; priority: NtfyPriority; emoji: string }>;

/** Fewest decimals shown: health reads like 1.19, LTV like 81.5 %. */
const MIN_DECIMALS: Record<MetricKind, number> = { health: 2, ltv: 1 };
/** Most decimals tried so a value just past a threshold never prints the same as the threshold. */
const MAX_DECIMALS = 6;

export function describeAlert(alert: Alert, position: AlertPosition): AlertMessage {
  const style = STYLE[alert.level];
  const where = `${position.label} on ${position.chain}, position #${position.id}`;
  const name = metricName(alert.metric);
  let headline: string;
  let detail: string;
  switch (alert.level) {
    case 'warning':
    case 'critical': {
      const [value, threshold] = formatPair(alert.metric, alert.value, alert.threshold);
      const side = alert.metric === 'health' ? 'below' : 'above';
      headline = `${name} ${value}`;
      detail = `${capitalise(name)} is ${value}, ${side} your ${alert.level} threshold of ${threshold}.`;
      if (alert.metric === 'health') detail += ' At 1 the position can be liquidated.';
      break;
    }
    case 'recovered': {
      const [value, threshold] = formatPair(alert.metric, alert.value, alert.threshold);
      const side = alert.metric === 'health' ? 'above' : 'below';
      headline = `${name} ${value}`;
      detail = `${capitalise(name)} is back to ${value}, safely ${side} your warning threshold of ${threshold}. Alerts are armed again.`;
      break;
    }
    case 'liquidated': {
      headline = 'position liquidated';
      detail = `The position was liquidated${lastReading(alert.metric, alert.lastValue)}. This watch has stopped.`;
      break;
    }
    case 'left-wallet': {
      headline = 'position no longer in the wallet';
      detail = `The position NFT was transferred out of the watched wallet or burned${lastReading(alert.metric, alert.lastValue)}. This watch has stopped.`;
      break;
    }
  }
  return {
    title: `${style.prefix}: ${position.label} ${headline}`,
    body: `${detail}\n${where}\n${position.link}`,
    priority: style.priority,
    tags: [style.emoji, position.chain],
    click: position.link,
  };
}

function metricName(metric: MetricKind): string {
  return metric === 'health' ? 'health' : 'loan-to-value';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lastReading(metric: MetricKind, value: number | null): string {
  return value === null ? '' : ` (last ${metricName(metric)} read: ${format(metric, value, MIN_DECIMALS[metric])})`;
}

/** Both numbers with enough decimals that they differ when the numbers do (1.199 vs 1.2 is not "1.20 vs 1.20"). */
function formatPair(metric: MetricKind, value: number, threshold: number): [string, string] {
  let decimals = MIN_DECIMALS[metric];
  while (
    decimals < MAX_DECIMALS &&
    value !== threshold &&
    format(metric, value, decimals) === format(metric, threshold, decimals)
  ) {
    decimals += 1;
  }
  return [format(metric, value, decimals), format(metric, threshold, decimals)];
}

/** Health as a plain number, LTV as a percentage; trailing zeros dropped (1.2, 80 %). */
function format(metric: MetricKind, value: number, decimals: number): string {
  const scaled = metric === 'ltv' ? value * 100 : value;
  const text = scaled.toFixed(decimals).replace(/\.?0+$/, '');
  return metric === 'ltv' ? `${text} %` : text;
}
