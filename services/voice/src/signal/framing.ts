// Signal frames (4-byte big-endian length, then the JSON payload) and the sans-IO SignalFramer that reads them.

import type { Signal } from './signal.ts';
import { decodeSignal, encodeSignal } from './signal-codec.ts';
import { SignalDecodeError, type SignalError, SignalFramingError } from './signal-error.ts';

/** The seed's limit on one signal message: 1 MB, counted on the JSON payload, the length prefix excluded. */
export const MAX_SIGNAL_BYTES = 1_048_576;
export const LENGTH_PREFIX_BYTES = 4;

/** One thing the framer read: a signal, or the typed reason a frame (or the whole stream) was refused. */
export type FramerOutput =
  | { readonly ok: true; readonly signal: Signal }
  | { readonly ok: false; readonly error: SignalError };

/** The bytes of one frame carrying `signal`. */
export function encodeFrame(signal: Signal): Uint8Array {
  const payload = encodeSignal(signal);
  if (payload.length > MAX_SIGNAL_BYTES) {
    throw new SignalFramingError(
      'signal_frame_too_large',
      `signal is ${payload.length} bytes, over ${MAX_SIGNAL_BYTES}`,
    );
  }
  const frame = new Uint8Array(LENGTH_PREFIX_BYTES + payload.length);
  new DataView(frame.buffer).setUint32(0, payload.length, false);
  frame.set(payload, LENGTH_PREFIX_BYTES);
  return frame;
}

/**
 * Reads frames from a byte stream cut into arbitrary chunks. It holds at most one length prefix and one payload of
 * at most MAX_SIGNAL_BYTES, allocated only once its declared length is known to be within the limit.
 *
 * A frame whose payload is not a valid signal (empty, bad UTF-8, bad JSON, bad fields) yields an error and the
 * stream goes on: its length was honest, so the next frame starts where expected. A declared length over the limit,
 * or a stream that ends inside a frame, loses the frame boundaries for good: the framer becomes failed, drops every
 * later byte unread, and answers each later push with one `signal_stream_failed` error. The driver should then
 * reset the stream (and may hang up with `ProtocolError`).
 */
export class SignalFramer {
  readonly #prefix = new Uint8Array(LENGTH_PREFIX_BYTES);
  #prefixFilled = 0;
  #payload: Uint8Array | null = null;
  #payloadFilled = 0;
  #failure: SignalFramingError | null = null;
  #finished = false;

  /** True once the stream can no longer be framed. */
  get failed(): boolean {
    return this.#failure !== null;
  }

  /** Bytes held for the frame in progress. */
  get buffered(): number {
    return this.#prefixFilled + this.#payloadFilled;
  }

  push(chunk: Uint8Array): FramerOutput[] {
    if (this.#failure !== null) return [this.#failedOutput(this.#failure)];
    if (this.#finished) return [this.#fail('signal_stream_failed', 'bytes pushed after the stream finished')];
    const outputs: FramerOutput[] = [];
    let offset = 0;
    while (offset < chunk.length) {
      if (this.#payload === null) {
        const take = Math.min(LENGTH_PREFIX_BYTES - this.#prefixFilled, chunk.length - offset);
        this.#prefix.set(chunk.subarray(offset, offset + take), this.#prefixFilled);
        this.#prefixFilled += take;
        offset += take;
        if (this.#prefixFilled < LENGTH_PREFIX_BYTES) break;
        const length = new DataView(this.#prefix.buffer).getUint32(0, false);
        this.#prefixFilled = 0;
        if (length > MAX_SIGNAL_BYTES) {
          outputs.push(
            this.#fail('signal_frame_too_large', `frame declares ${length} bytes, over ${MAX_SIGNAL_BYTES}`),
          );
          return outputs;
        }
        if (length === 0) {
          outputs.push({ ok: false, error: new SignalDecodeError('signal_frame_empty', 'frame has an empty payload') });
          continue;
        }
        this.#payload = new Uint8Array(length);
        this.#payloadFilled = 0;
        continue;
      }
      const take = Math.min(this.#payload.length - this.#payloadFilled, chunk.length - offset);
      this.#payload.set(chunk.subarray(offset, offset + take), this.#payloadFilled);
      this.#payloadFilled += take;
      offset += take;
      if (this.#payloadFilled === this.#payload.length) {
        outputs.push(decodeOne(this.#payload));
        this.#payload = null;
        this.#payloadFilled = 0;
      }
    }
    return outputs;
  }

  /** The sender finished its side (QUIC FIN): a partial frame left over is an error. */
  finish(): FramerOutput[] {
    if (this.#failure !== null) return [this.#failedOutput(this.#failure)];
    this.#finished = true;
    if (this.buffered === 0 && this.#payload === null) return [];
    const what = this.#payload === null ? 'inside the length prefix' : 'inside a payload';
    return [this.#fail('signal_frame_truncated', `stream ended ${what}`)];
  }

  #fail(code: 'signal_frame_too_large' | 'signal_frame_truncated' | 'signal_stream_failed', message: string) {
    this.#failure = new SignalFramingError(code, message);
    this.#prefixFilled = 0;
    this.#payload = null;
    this.#payloadFilled = 0;
    return { ok: false, error: this.#failure } as const;
  }

  #failedOutput(cause: SignalFramingError): FramerOutput {
    return {
      ok: false,
      error: new SignalFramingError('signal_stream_failed', 'signal stream already failed', { cause }),
    };
  }
}

function decodeOne(payload: Uint8Array): FramerOutput {
  try {
    return { ok: true, signal: decodeSignal(payload) };
  } catch (error) {
    if (error instanceof SignalDecodeError) return { ok: false, error };
    throw error;
  }
}
