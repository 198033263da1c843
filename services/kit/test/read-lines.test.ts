import { expect, test } from 'bun:test';
import { readLines } from '../src/read-lines.ts';

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

test('reassembles lines split across chunks, multi-byte characters included, and keeps a last unterminated line', async () => {
  const euro = new TextEncoder().encode('€');
  const lines: string[] = [];
  const chunks = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"a":1}\n{"b":'));
      controller.enqueue(euro.slice(0, 1));
      controller.enqueue(euro.slice(1));
      controller.enqueue(new TextEncoder().encode('}\n\ntail'));
      controller.close();
    },
  });
  await readLines(chunks, (line) => lines.push(line));
  expect(lines).toEqual(['{"a":1}', '{"b":€}', '', 'tail']);
});

test('an empty stream gives no lines', async () => {
  const lines: string[] = [];
  await readLines(streamOf(), (line) => lines.push(line));
  expect(lines).toEqual([]);
});
