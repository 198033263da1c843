// What a forwarded message looks like as e-mail: From, subject, body trailer and footer.

import { describe, expect, test } from 'bun:test';
import { formatMail } from '../src/mail-format.ts';
import type { Message } from '../src/message.ts';

/** 2023-11-14T22:13:20Z, a Tuesday. */
const TIME = 1_700_000_000;

function message(fields: Partial<Message> = {}): Message {
  return {
    id: 'abcDEF123456',
    time: TIME,
    expires: null,
    topic: 'alerts',
    message: 'Health dropped to 1.05',
    title: null,
    priority: null,
    tags: [],
    click: null,
    icon: null,
    contentType: null,
    ...fields,
  };
}

const options = {
  baseUrl: 'https://ntfy.example.com',
  from: 'notifier@example.com',
  to: 'ops@example.org',
  senderIp: '203.0.113.7',
};

const FOOTER =
  '--\nThis message was sent by 203.0.113.7 at Tue, 14 Nov 2023 22:13:20 UTC via https://ntfy.example.com/alerts';

describe('formatMail', () => {
  test('builds From, To, subject, body with footer and the message time as date', () => {
    expect(formatMail(message({ title: 'Liquidation risk' }), options)).toEqual({
      from: '"ntfy.example.com/alerts" <notifier@example.com>',
      to: 'ops@example.org',
      subject: 'Liquidation risk',
      text: `Health dropped to 1.05\n\n${FOOTER}`,
      date: new Date(TIME * 1000),
    });
  });

  test.each([
    { name: 'uses the title', fields: { title: 'Liquidation risk' }, subject: 'Liquidation risk' },
    { name: 'falls back to the topic without a title', fields: { title: null }, subject: 'alerts' },
    { name: 'falls back to the topic for a blank title', fields: { title: '  ' }, subject: 'alerts' },
    {
      name: 'drops CR and turns LF into a space',
      fields: { title: 'Line one\r\nLine two\n' },
      subject: 'Line one Line two',
    },
    { name: 'cuts a long title to 200 characters', fields: { title: 'x'.repeat(250) }, subject: 'x'.repeat(200) },
    { name: 'never splits an emoji when cutting', fields: { title: '💸'.repeat(201) }, subject: '💸'.repeat(200) },
    {
      name: 'prefixes emoji for emoji tags, in tag order',
      fields: { title: 'Health low', tags: ['warning', 'backup', 'rotating_light'] },
      subject: '⚠️ 🚨 Health low',
    },
    { name: 'prefixes emoji to the topic fallback too', fields: { tags: ['tada'] }, subject: '🎉 alerts' },
  ])('subject $name', ({ fields, subject }) => {
    expect(formatMail(message(fields), options).subject).toBe(subject);
  });

  test.each([
    { name: 'no trailer without tags or priority', fields: {}, body: 'Health dropped to 1.05' },
    {
      name: 'lists tags that are not emoji in a Tags trailer',
      fields: { tags: ['warning', 'backup', 'server-1'] },
      body: 'Health dropped to 1.05\n\nTags: backup, server-1',
    },
    {
      name: 'no Tags trailer when every tag is an emoji',
      fields: { tags: ['skull', 'x'] },
      body: 'Health dropped to 1.05',
    },
    { name: 'no Priority trailer for the default priority', fields: { priority: 3 }, body: 'Health dropped to 1.05' },
    { name: 'names priority 1', fields: { priority: 1 }, body: 'Health dropped to 1.05\n\nPriority: min' },
    { name: 'names priority 2', fields: { priority: 2 }, body: 'Health dropped to 1.05\n\nPriority: low' },
    { name: 'names priority 4', fields: { priority: 4 }, body: 'Health dropped to 1.05\n\nPriority: high' },
    { name: 'names priority 5', fields: { priority: 5 }, body: 'Health dropped to 1.05\n\nPriority: max' },
    {
      name: 'puts Tags before Priority',
      fields: { tags: ['deploy'], priority: 5 },
      body: 'Health dropped to 1.05\n\nTags: deploy\nPriority: max',
    },
    {
      name: 'keeps a multi-line message as it is',
      fields: { message: 'line 1\nline 2' },
      body: 'line 1\nline 2',
    },
  ])('body: $name', ({ fields, body }) => {
    expect(formatMail(message(fields), options).text).toBe(`${body}\n\n${FOOTER}`);
  });

  test.each([
    {
      baseUrl: 'https://ntfy.example.com',
      from: '"ntfy.example.com/deploys" <notifier@example.com>',
      footer: 'via https://ntfy.example.com/deploys',
    },
    {
      baseUrl: 'http://localhost:8080',
      from: '"localhost:8080/deploys" <notifier@example.com>',
      footer: 'via http://localhost:8080/deploys',
    },
    {
      baseUrl: 'https://example.com/ntfy',
      from: '"example.com/ntfy/deploys" <notifier@example.com>',
      footer: 'via https://example.com/ntfy/deploys',
    },
  ])('names the topic under base URL $baseUrl in From and in the footer', ({ baseUrl, from, footer }) => {
    const mail = formatMail(message({ topic: 'deploys' }), { ...options, baseUrl, senderIp: '2001:db8::1' });
    expect({ from: mail.from, footer: mail.text.split('\n').at(-1) }).toEqual({
      from,
      footer: `This message was sent by 2001:db8::1 at Tue, 14 Nov 2023 22:13:20 UTC ${footer}`,
    });
  });

  test('dates the footer and the mail with the message time, not the time of sending', () => {
    const delayed = TIME + 86_400;
    const mail = formatMail(message({ time: delayed }), options);
    expect({ date: mail.date, footer: mail.text.split('\n').at(-1) }).toEqual({
      date: new Date(delayed * 1000),
      footer:
        'This message was sent by 203.0.113.7 at Wed, 15 Nov 2023 22:13:20 UTC via https://ntfy.example.com/alerts',
    });
  });
});
