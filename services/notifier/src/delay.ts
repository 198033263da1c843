// X-Delay / X-At / X-In: when a delayed message is delivered, as ntfy accepts it (natural language aside).

import { errors } from './errors.ts';

/** ntfy's fixed minimum: shorter delays are refused, not rounded. */
export const MIN_DELAY_SECONDS = 10;

const UNITS: Readonly<Record<string, number>> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86_400,
  day: 86_400,
  days: 86_400,
};

/**
 * Returns the delivery time in unix seconds. Accepts a unix timestamp (`1639194738`), a duration (`30m`, `3h`,
 * `2 days`, `1h30m`) or an ISO 8601 time with a zone. ntfy's natural-language forms (`tomorrow, 10am`) are not
 * supported and answer 40004, like any other unparseable value.
 */
export function parseDelay(value: string, nowSeconds: number, maxSeconds: number): number {
  const at = parseDeliveryTime(value.trim().toLowerCase(), nowSeconds);
  if (at === null) throw errors.delayCannotParse();
  if (at < nowSeconds + MIN_DELAY_SECONDS) throw errors.delayTooSmall();
  if (at > nowSeconds + maxSeconds) throw errors.delayTooLarge();
  return at;
}

function parseDeliveryTime(text: string, now: number): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const compact = text.replace(/[\s,]+/g, '');
  const part = /(\d+)([a-z]+)/y;
  let seconds = 0;
  let match = part.exec(compact);
  while (match !== null) {
    const factor = UNITS[match[2] ?? ''];
    if (factor === undefined) return null;
    seconds += Number(match[1]) * factor;
    if (part.lastIndex === compact.length) return now + seconds;
    match = part.exec(compact);
  }
  if (/^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}(:\d{2}(\.\d+)?)?(z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const ms = Date.parse(text.toUpperCase());
    return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
  }
  return null;
}
