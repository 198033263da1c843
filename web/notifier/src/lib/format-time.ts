// Message times for people: the clock time today, the date as well on other days.

const SECOND_MS = 1000;

/** `14:03` today, `3 Mar, 14:03` earlier this year, `3 Mar 2024, 14:03` before that (in the reader's locale). */
export function formatMessageTime(timeSeconds: number, nowMs: number, locale?: string): string {
  const time = new Date(timeSeconds * SECOND_MS);
  const now = new Date(nowMs);
  const sameDay = time.toDateString() === now.toDateString();
  const sameYear = time.getFullYear() === now.getFullYear();
  return time.toLocaleString(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** The full date and time, for a tooltip. */
export function formatFullTime(timeSeconds: number, locale?: string): string {
  return new Date(timeSeconds * SECOND_MS).toLocaleString(locale, { dateStyle: 'full', timeStyle: 'medium' });
}
