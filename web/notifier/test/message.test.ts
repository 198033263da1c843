import { describe, expect, test } from 'bun:test';
import { mergeMessages, type NotifierMessage, parseEvent, type SubscriptionEvent } from '../src/lib/message.ts';

function message(id: string, time: number): NotifierMessage {
  return { id, time, topic: 't', title: null, message: id, priority: 3, tags: [] };
}

describe('parseEvent', () => {
  test('a full message event keeps its title, priority and tags', () => {
    const frame = JSON.stringify({
      id: 'hwQ2YpKdmg1x',
      time: 1720000000,
      expires: 1720043200,
      event: 'message',
      topic: 'mytopic',
      title: 't',
      message: 'hi',
      priority: 4,
      tags: ['a', 'b'],
    });
    expect(parseEvent(frame)).toEqual({
      event: 'message',
      message: {
        id: 'hwQ2YpKdmg1x',
        time: 1720000000,
        topic: 'mytopic',
        title: 't',
        message: 'hi',
        priority: 4,
        tags: ['a', 'b'],
      },
    });
  });

  test('a message without priority, title or tags gets the defaults', () => {
    const frame = '{"id":"abcdefghijkl","time":5,"event":"message","topic":"t","message":"m"}';
    expect(parseEvent(frame)).toEqual({
      event: 'message',
      message: { id: 'abcdefghijkl', time: 5, topic: 't', title: null, message: 'm', priority: 3, tags: [] },
    });
  });

  test.each<[string, SubscriptionEvent | null]>([
    ['{"id":"x","time":1,"event":"open","topic":"t"}', { event: 'open' }],
    ['{"id":"x","time":1,"event":"keepalive","topic":"t"}', { event: 'keepalive' }],
    ['{"id":"x","time":1,"event":"poll_request","topic":"t"}', null],
    ['{"event":"message","time":"soon"}', null],
    ['not json', null],
    ['[]', null],
  ])('%p parses as %p', (frame, expected) => {
    expect(parseEvent(frame)).toEqual(expected);
  });
});

describe('mergeMessages', () => {
  test('orders newest first and drops ids already known', () => {
    const merged = mergeMessages([message('b', 20)], [message('a', 10), message('b', 20), message('c', 30)]);
    expect(merged.map((m) => m.id)).toEqual(['c', 'b', 'a']);
  });

  test('of two messages in the same second the later arrival comes first', () => {
    const merged = mergeMessages([message('first', 7)], [message('second', 7), message('third', 7)]);
    expect(merged.map((m) => m.id)).toEqual(['third', 'second', 'first']);
  });
});
