// The plain-text e-mail a message is forwarded as (ntfy's smtp_sender.go format, subject from title or topic).

import type { Message } from './message.ts';

export interface MailContent {
  /** Header From: `"<base URL without scheme>/<topic>" <from>`. */
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly date: Date;
}

export interface MailFormatOptions {
  readonly baseUrl: string;
  /** Bare address of the sender, used in the From header (and by the mailer as envelope sender). */
  readonly from: string;
  readonly to: string;
  readonly senderIp: string;
}

/** Subjects longer than this are cut: mail clients show far less, and a 4 KB message must not become a header. */
export const MAX_SUBJECT_LENGTH = 200;

/** Tags shown as emoji in the subject (a subset of ntfy's mailer_emoji_map.json); other tags go in the trailer. */
export const TAG_EMOJIS: Readonly<Record<string, string>> = {
  warning: '⚠️',
  rotating_light: '🚨',
  white_check_mark: '✅',
  heavy_check_mark: '✔️',
  x: '❌',
  skull: '💀',
  tada: '🎉',
  loudspeaker: '📢',
  bell: '🔔',
  money_with_wings: '💸',
  chart_with_downwards_trend: '📉',
  chart_with_upwards_trend: '📈',
  fire: '🔥',
  no_entry: '⛔',
  '+1': '👍',
  '-1': '👎',
};

// Anchor §1.3; 3 (default) never appears in a mail.
const PRIORITY_NAMES: Readonly<Record<number, string>> = { 1: 'min', 2: 'low', 3: 'default', 4: 'high', 5: 'max' };

export function formatMail(message: Message, options: MailFormatOptions): MailContent {
  const topicUrl = `${options.baseUrl}/${message.topic}`;
  const emojis: string[] = [];
  const otherTags: string[] = [];
  for (const tag of message.tags) {
    const emoji = TAG_EMOJIS[tag];
    if (emoji === undefined) otherTags.push(tag);
    else emojis.push(emoji);
  }
  const subject = [...emojis, subjectText(message)].join(' ');

  const trailer: string[] = [];
  if (otherTags.length > 0) trailer.push(`Tags: ${otherTags.join(', ')}`);
  if (message.priority !== null && message.priority !== 3) {
    trailer.push(`Priority: ${PRIORITY_NAMES[message.priority] ?? String(message.priority)}`);
  }
  const body = trailer.length > 0 ? `${message.message}\n\n${trailer.join('\n')}` : message.message;
  const date = new Date(message.time * 1000);
  const footer = `--\nThis message was sent by ${options.senderIp} at ${rfc1123Utc(date)} via ${topicUrl}`;

  return {
    from: `${quoteDisplayName(withoutScheme(topicUrl))} <${options.from}>`,
    to: options.to,
    subject,
    text: `${body}\n\n${footer}`,
    date,
  };
}

// The issue asks for the topic when there is no title (ntfy would use the message). A header is one line.
function subjectText(message: Message): string {
  const title = message.title?.trim() ?? '';
  const text = (title === '' ? message.topic : title).replaceAll('\r', '').replaceAll('\n', ' ').trim();
  // Cut by code points so an emoji or other astral character is never split in half.
  const codePoints = Array.from(text);
  return codePoints.length > MAX_SUBJECT_LENGTH ? codePoints.slice(0, MAX_SUBJECT_LENGTH).join('') : text;
}

// Go's time.RFC1123 in UTC ("Mon, 02 Jan 2006 15:04:05 UTC"); toUTCString() spells the zone GMT.
function rfc1123Utc(date: Date): string {
  return date.toUTCString().replace(/GMT$/, 'UTC');
}

// ntfy's util.ShortTopicURL.
function withoutScheme(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

// RFC 5322 §3.2.4 quoted-string: backslash-escape `"` and `\`.
function quoteDisplayName(name: string): string {
  return `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
