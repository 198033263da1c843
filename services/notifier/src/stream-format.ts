// The framing of each subscription format: NDJSON, server-sent events, raw text.

import { type Message, messageJson } from './message.ts';

export type StreamFormat = 'json' | 'sse' | 'raw';
export const STREAM_FORMATS: readonly StreamFormat[] = ['json', 'sse', 'raw'];

export const CONTENT_TYPES: Readonly<Record<StreamFormat, string>> = {
  json: 'application/x-ndjson; charset=utf-8',
  sse: 'text/event-stream; charset=utf-8',
  raw: 'text/plain; charset=utf-8',
};

const encoder = new TextEncoder();

/** Frames one event. SSE names every event but `message`, so `EventSource.onmessage` sees messages only. */
export function frameEvent(format: StreamFormat, event: { event: string; message?: unknown }, json: string): string {
  switch (format) {
    case 'json':
      return `${json}\n`;
    case 'sse':
      return event.event === 'message' ? `data: ${json}\n\n` : `event: ${event.event}\ndata: ${json}\n\n`;
    case 'raw':
      return event.event === 'message' ? `${String(event.message).replace(/\n/g, ' ')}\n` : '\n';
  }
}

/** A message encoded once per format, however many subscribers receive it. */
export class EncodedMessage {
  readonly message: Message;
  readonly json: string;
  readonly #frames = new Map<StreamFormat, Uint8Array>();

  constructor(message: Message) {
    this.message = message;
    this.json = JSON.stringify(messageJson(message));
  }

  frame(format: StreamFormat): Uint8Array {
    let bytes = this.#frames.get(format);
    if (bytes === undefined) {
      bytes = encoder.encode(frameEvent(format, { event: 'message', message: this.message.message }, this.json));
      this.#frames.set(format, bytes);
    }
    return bytes;
  }
}

export function encodeFrame(text: string): Uint8Array {
  return encoder.encode(text);
}
