// The `since` parameter: which cached messages a subscription starts with.

import { errors } from './errors.ts';

export type Since =
  | { readonly kind: 'none' }
  | { readonly kind: 'all' }
  | { readonly kind: 'latest' }
  | { readonly kind: 'id'; readonly id: string }
  | { readonly kind: 'time'; readonly time: number };

/** Go durations as ntfy's `since` takes them: `10m`, `30s`, `100ms`, `1h30m` (no `d`). */
const GO_DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
const GO_UNIT_SECONDS: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** Throws 40008 for anything ntfy would not accept. `fallback` applies when the parameter is empty. */
export function parseSince(value: string, nowSeconds: number, fallback: Since): Since {
  if (value === '') return fallback;
  if (value === 'all') return { kind: 'all' };
  if (value === 'latest') return { kind: 'latest' };
  if (value === 'none') return { kind: 'none' };
  if (/^\d+$/.test(value)) return { kind: 'time', time: Number(value) };
  if (/^[A-Za-z0-9]{12}$/.test(value)) return { kind: 'id', id: value };
  if (GO_DURATION.test(value)) {
    let seconds = 0;
    for (const [, amount = '', , unit = ''] of value.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
      seconds += Number(amount) * (GO_UNIT_SECONDS[unit] ?? 0);
    }
    return { kind: 'time', time: Math.floor(nowSeconds - seconds) };
  }
  throw errors.sinceInvalid();
}
