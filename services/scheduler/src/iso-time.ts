// Strict ISO 8601 / RFC 3339 timestamps with an explicit zone, to unix milliseconds (UTC).

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

const MIN_YEAR = 1970;
const MAX_YEAR = 9999;

/**
 * Parses `2026-11-22T10:00:00Z`, `2026-11-22T11:00:00.250+01:00` and the like; sub-millisecond digits are
 * truncated. A timestamp without a zone is refused: it would mean a different instant on every server.
 */
export function parseIsoTimestamp(text: string): number {
  const match = TIMESTAMP.exec(text);
  if (match === null) {
    if (/^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(text)) {
      throw new Error(`'${text}' has no time zone: add Z or an offset such as +02:00`);
    }
    throw new Error(`'${text}' is not an ISO 8601 timestamp such as 2026-11-22T10:00:00Z`);
  }
  const [, y, mo, d, h, mi, s = '0', fraction = '', zulu, sign, oh = '0', om = '0'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (year < MIN_YEAR || year > MAX_YEAR) throw new Error(`year ${year} is outside ${MIN_YEAR}..${MAX_YEAR}`);
  if (month < 1 || month > 12) throw new Error(`month ${mo} does not exist`);
  if (day < 1 || day > daysInMonth(year, month)) throw new Error(`${y}-${mo} has no day ${d}`);
  if (hour > 23 || minute > 59 || second > 59) throw new Error(`'${text}' has an impossible time of day`);
  const offsetHours = Number(oh);
  const offsetMinutes = Number(om);
  if (offsetHours > 23 || offsetMinutes > 59) throw new Error(`'${text}' has an impossible zone offset`);
  const offset = zulu === undefined ? (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) : 0;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset * 60_000;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
