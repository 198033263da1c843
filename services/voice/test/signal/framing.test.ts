import { describe, expect, test } from 'bun:test';
import { seededRandom } from '../../../../scripts/test-support/seeded-random.ts';
import { encodeFrame, type FramerOutput, MAX_SIGNAL_BYTES, SignalFramer } from '../../src/signal/framing.ts';
import type { Signal } from '../../src/signal/signal.ts';
import { EXAMPLES } from './fixtures.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A frame with an honest length prefix around arbitrary payload bytes. */
function frameOf(payload: Uint8Array): Uint8Array {
  const frame = new Uint8Array(4 + payload.length);
  new DataView(frame.buffer).setUint32(0, payload.length, false);
  frame.set(payload, 4);
  return frame;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const summary = (outputs: readonly FramerOutput[]): string[] =>
  outputs.map((output) => (output.ok ? output.signal.type : output.error.code));

describe('signal framing', () => {
  test('a frame is a 4-byte big-endian payload length followed by the JSON', () => {
    const frame = encodeFrame({ type: 'Ping', timestampMs: 7 });
    const json = '{"type":"Ping","timestamp_ms":7}';
    expect(Array.from(frame.subarray(0, 4))).toEqual([0, 0, 0, json.length]);
    expect(new TextDecoder().decode(frame.subarray(4))).toBe(json);
  });

  test('every variant comes back out of a framer fed one frame whole', () => {
    const framer = new SignalFramer();
    expect(framer.push(concat(EXAMPLES.map(encodeFrame)))).toEqual(EXAMPLES.map((signal) => ({ ok: true, signal })));
    expect(framer.finish()).toEqual([]);
  });

  test.each(Array.from({ length: 200 }, (_, seed) => [seed]))(
    'random chunk boundaries (seed %i) give the same signals as one whole push',
    (seed) => {
      const next = seededRandom(seed);
      const stream = concat(EXAMPLES.map(encodeFrame));
      const framer = new SignalFramer();
      const outputs: FramerOutput[] = [];
      let offset = 0;
      while (offset < stream.length) {
        // Mostly tiny chunks (to split the prefix), sometimes large ones spanning frames, sometimes empty.
        const size = next() < 0.7 ? Math.floor(next() * 6) : Math.floor(next() * 600);
        outputs.push(...framer.push(stream.subarray(offset, offset + size)));
        offset += size;
      }
      outputs.push(...framer.finish());
      expect(outputs).toEqual(EXAMPLES.map((signal) => ({ ok: true, signal }) as FramerOutput));
    },
  );

  test('a payload of exactly 1 MB is accepted as a frame and then judged as JSON', () => {
    const payload = new Uint8Array(MAX_SIGNAL_BYTES).fill(0x20);
    payload.set(utf8('{"type":"Ping","timestamp_ms":1}'));
    const framer = new SignalFramer();
    expect(summary(framer.push(frameOf(payload)))).toEqual(['Ping']);
  });

  test.each<[string, Uint8Array[], string[]]>([
    [
      'a declared length one byte over 1 MB',
      [Uint8Array.of(0x00, 0x10, 0x00, 0x01)],
      ['signal_frame_too_large', 'signal_stream_failed'],
    ],
    [
      'a declared length of 4 GiB - 1',
      [Uint8Array.of(0xff, 0xff, 0xff, 0xff, 1, 2, 3)],
      ['signal_frame_too_large', 'signal_stream_failed'],
    ],
    [
      'a zero-length frame, then a good one',
      [Uint8Array.of(0, 0, 0, 0), encodeFrame({ type: 'Ping', timestampMs: 1 })],
      ['signal_frame_empty', 'Ping'],
    ],
    ['a length prefix cut after 3 bytes', [Uint8Array.of(0, 0, 0)], ['signal_frame_truncated']],
    [
      'a payload cut short',
      [encodeFrame({ type: 'Ping', timestampMs: 1 }).subarray(0, 10)],
      ['signal_frame_truncated'],
    ],
    [
      'malformed JSON, then a good frame',
      [frameOf(utf8('{"type":')), encodeFrame({ type: 'Pong', timestampMs: 2 })],
      ['signal_malformed_json', 'Pong'],
    ],
    ['invalid UTF-8', [frameOf(Uint8Array.of(0x7b, 0xc3, 0x28, 0x7d))], ['signal_invalid_utf8']],
    ['an unknown type', [frameOf(utf8('{"type":"Ring"}'))], ['signal_unknown_type']],
    ['an unknown field', [frameOf(utf8('{"type":"Hangup","reason":"Normal","note":"bye"}'))], ['signal_unknown_field']],
    [
      'a wrong key length',
      [frameOf(utf8(`{"type":"Rekey","new_ephemeral_pub":"${'ab'.repeat(31)}","signature":"${'cd'.repeat(64)}"}`))],
      ['signal_invalid_field'],
    ],
  ])('a stream with %s reports the typed errors in order, then finishes', (_name, chunks, expected) => {
    const framer = new SignalFramer();
    const outputs: FramerOutput[] = [];
    for (const chunk of chunks) outputs.push(...framer.push(chunk));
    outputs.push(...framer.finish());
    expect(summary(outputs)).toEqual(expected);
  });

  test('after an oversize length the framer is failed and drops later bytes without buffering them', () => {
    const framer = new SignalFramer();
    expect(summary(framer.push(Uint8Array.of(0x7f, 0xff, 0xff, 0xff)))).toEqual(['signal_frame_too_large']);
    expect(framer.failed).toBe(true);
    expect(summary(framer.push(encodeFrame({ type: 'Ping', timestampMs: 1 })))).toEqual(['signal_stream_failed']);
    expect(framer.buffered).toBe(0);
  });

  test('a framer holds no more than the frame in progress', () => {
    const framer = new SignalFramer();
    const frame = encodeFrame(EXAMPLES[0] as Signal);
    framer.push(frame.subarray(0, 2));
    expect(framer.buffered).toBe(2);
    framer.push(frame.subarray(2, 50));
    expect(framer.buffered).toBe(46);
    expect(summary(framer.push(frame.subarray(50)))).toEqual(['CallOffer']);
    expect(framer.buffered).toBe(0);
  });

  test('bytes pushed after finish are refused', () => {
    const framer = new SignalFramer();
    framer.finish();
    expect(summary(framer.push(encodeFrame({ type: 'Ping', timestampMs: 1 })))).toEqual(['signal_stream_failed']);
  });
});
