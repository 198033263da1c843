// Go-style duration strings ("250ms", "10s", "1h30m") to milliseconds.

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/y;

/** Parses a duration such as `24h`, `1h30m`, `1.5s` or `250ms`; throws on anything else. */
export function parseDuration(text: string): number {
  const source = text.trim();
  if (source === '') throw new Error('empty duration');
  if (source === '0') return 0;
  let total = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < source.length) {
    const match = PART.exec(source);
    if (match === null) {
      throw new Error(`'${text}' is not a duration (use forms like 250ms, 10s, 5m, 1h30m, 7d)`);
    }
    const [, amount = '', unit = ''] = match;
    total += Number(amount) * (UNIT_MS[unit] ?? Number.NaN);
  }
  if (!Number.isFinite(total)) throw new Error(`'${text}' is not a duration`);
  return Math.round(total);
}
