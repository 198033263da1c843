import { FFIType, type Pointer } from 'bun:ffi';
import { loadLibrary } from './load-library.ts';

export const OPUS_SAMPLE_RATE = 48_000;
/** 20 ms and 40 ms mono frames at 48 kHz: the only sizes the voice system sends. */
export const OPUS_FRAME_SIZES = [960, 1920] as const;
export type OpusFrameSize = (typeof OPUS_FRAME_SIZES)[number];
export const OPUS_BITRATE_PRESETS = { high: 24_000, medium: 16_000, low: 6_000 } as const;
/** libopus accepts 500..512000 bit/s; anything else is a caller bug, not something to clamp silently. */
const MIN_BITRATE = 500;
const MAX_BITRATE = 512_000;
/** Largest packet Opus can produce (RFC 6716 §3.2.1). */
const MAX_PACKET_BYTES = 1275;
/** Longest Opus packet is 120 ms; the decode buffer must fit it whatever the sender chose. */
const MAX_DECODE_SAMPLES = 5760;
const PACKET_LOSS_PERC = 10;

const OPUS_APPLICATION_VOIP = 2048;
const OPUS_SET_BITRATE_REQUEST = 4002;
const OPUS_SET_INBAND_FEC_REQUEST = 4012;
const OPUS_SET_PACKET_LOSS_PERC_REQUEST = 4014;
const OPUS_SET_DTX_REQUEST = 4016;

const LIBOPUS_ERROR_NAMES: Record<number, string> = {
  [-1]: 'OPUS_BAD_ARG',
  [-2]: 'OPUS_BUFFER_TOO_SMALL',
  [-3]: 'OPUS_INTERNAL_ERROR',
  [-4]: 'OPUS_INVALID_PACKET',
  [-5]: 'OPUS_UNIMPLEMENTED',
  [-6]: 'OPUS_INVALID_STATE',
  [-7]: 'OPUS_ALLOC_FAIL',
};

export type OpusErrorCode =
  | 'INVALID_PCM'
  | 'INVALID_BITRATE'
  | 'INVALID_PACKET'
  | 'INVALID_FRAME_SIZE'
  | 'DESTROYED'
  | 'OPUS_BAD_ARG'
  | 'OPUS_BUFFER_TOO_SMALL'
  | 'OPUS_INTERNAL_ERROR'
  | 'OPUS_INVALID_PACKET'
  | 'OPUS_UNIMPLEMENTED'
  | 'OPUS_INVALID_STATE'
  | 'OPUS_ALLOC_FAIL'
  | 'OPUS_UNKNOWN';

export class OpusError extends Error {
  override readonly name = 'OpusError';
  constructor(
    readonly code: OpusErrorCode,
    message: string,
    /** The negative return value from libopus, when the error came from the library. */
    readonly libopusCode?: number,
  ) {
    super(message);
  }
}

let lib: ReturnType<typeof open> | undefined;

function open() {
  return loadLibrary(
    { debianPackage: 'libopus0', names: ['libopus.so.0', 'libopus.so', 'libopus.0.dylib', 'libopus.dylib'] },
    {
      opus_encoder_create: { args: [FFIType.i32, FFIType.i32, FFIType.i32, FFIType.ptr], returns: FFIType.ptr },
      opus_encoder_destroy: { args: [FFIType.ptr], returns: FFIType.void },
      // Variadic in C; an int vararg is passed like a fixed int on x86-64 SysV / arm64 Linux.
      opus_encoder_ctl: { args: [FFIType.ptr, FFIType.i32, FFIType.i32], returns: FFIType.i32 },
      opus_encode: {
        args: [FFIType.ptr, FFIType.ptr, FFIType.i32, FFIType.ptr, FFIType.i32],
        returns: FFIType.i32,
      },
      opus_decoder_create: { args: [FFIType.i32, FFIType.i32, FFIType.ptr], returns: FFIType.ptr },
      opus_decoder_destroy: { args: [FFIType.ptr], returns: FFIType.void },
      opus_decode: {
        args: [FFIType.ptr, FFIType.ptr, FFIType.i32, FFIType.ptr, FFIType.i32, FFIType.i32],
        returns: FFIType.i32,
      },
      opus_strerror: { args: [FFIType.i32], returns: FFIType.cstring },
    },
  );
}

/** Loaded lazily so importing the module never fails on hosts without libopus. */
function opus() {
  lib ??= open();
  return lib.symbols;
}

function check(ret: number, what: string): number {
  if (ret >= 0) return ret;
  const code = (LIBOPUS_ERROR_NAMES[ret] ?? 'OPUS_UNKNOWN') as OpusErrorCode;
  throw new OpusError(
    code,
    `${what} failed: ${opus().opus_strerror(ret)?.toString() ?? 'unknown error'} (${ret})`,
    ret,
  );
}

function validateBitrate(bps: number): void {
  if (!Number.isInteger(bps) || bps < MIN_BITRATE || bps > MAX_BITRATE) {
    throw new OpusError('INVALID_BITRATE', `bitrate must be an integer in ${MIN_BITRATE}..${MAX_BITRATE}, got ${bps}`);
  }
}

/** Any Opus-legal frame length (multiple of 2.5 ms) up to 120 ms at 48 kHz. */
function validateFrameSamples(frameSamples: number): void {
  if (
    !Number.isInteger(frameSamples) ||
    frameSamples < 120 ||
    frameSamples > MAX_DECODE_SAMPLES ||
    frameSamples % 120
  ) {
    throw new OpusError(
      'INVALID_FRAME_SIZE',
      `frameSamples must be a multiple of 120 in 120..5760, got ${frameSamples}`,
    );
  }
}

function validatePacket(packet: unknown): asserts packet is Uint8Array {
  if (!(packet instanceof Uint8Array)) throw new OpusError('INVALID_PACKET', 'packet must be a Uint8Array');
  // libopus treats a zero-length packet as "lost" and would silently conceal; callers must say so explicitly.
  if (packet.length === 0) throw new OpusError('INVALID_PACKET', 'packet is empty; use decodeMissing() for loss');
  if (packet.length > MAX_PACKET_BYTES) {
    throw new OpusError('INVALID_PACKET', `packet is ${packet.length} bytes; Opus maximum is ${MAX_PACKET_BYTES}`);
  }
}

/** 48 kHz mono VOIP encoder with in-band FEC and DTX enabled. */
export class OpusEncoder {
  #handle: Pointer | null;
  #bitrate: number;
  /** Reused scratch buffer; encode() copies out only the bytes written. */
  readonly #out: Uint8Array;

  /**
   * `maxPacketBytes` caps every packet (libopus lowers the quality of a frame to fit); the media layer asks for
   * 255 so any frame fits a FEC symbol.
   */
  constructor(bitrate: number = OPUS_BITRATE_PRESETS.high, { maxPacketBytes = MAX_PACKET_BYTES } = {}) {
    validateBitrate(bitrate);
    if (!Number.isInteger(maxPacketBytes) || maxPacketBytes < 3 || maxPacketBytes > MAX_PACKET_BYTES) {
      throw new OpusError('OPUS_BAD_ARG', `maxPacketBytes must be an integer in 3..${MAX_PACKET_BYTES}`);
    }
    this.#out = new Uint8Array(maxPacketBytes);
    const err = new Int32Array(1);
    const handle = opus().opus_encoder_create(OPUS_SAMPLE_RATE, 1, OPUS_APPLICATION_VOIP, err);
    check(err[0] ?? -3, 'opus_encoder_create');
    // bun:ffi types ptr returns as number | bigint | null; only a non-zero number is usable.
    if (typeof handle !== 'number' || handle === 0)
      throw new OpusError('OPUS_ALLOC_FAIL', 'opus_encoder_create returned null');
    this.#handle = handle;
    this.#bitrate = bitrate;
    try {
      this.#ctl(OPUS_SET_BITRATE_REQUEST, bitrate, 'OPUS_SET_BITRATE');
      this.#ctl(OPUS_SET_INBAND_FEC_REQUEST, 1, 'OPUS_SET_INBAND_FEC');
      this.#ctl(OPUS_SET_PACKET_LOSS_PERC_REQUEST, PACKET_LOSS_PERC, 'OPUS_SET_PACKET_LOSS_PERC');
      this.#ctl(OPUS_SET_DTX_REQUEST, 1, 'OPUS_SET_DTX');
    } catch (e) {
      this.destroy();
      throw e;
    }
  }

  get bitrate(): number {
    return this.#bitrate;
  }

  /** Takes effect from the next encode() call. */
  setBitrate(bps: number): void {
    validateBitrate(bps);
    this.#ctl(OPUS_SET_BITRATE_REQUEST, bps, 'OPUS_SET_BITRATE');
    this.#bitrate = bps;
  }

  /** Encodes one 20 ms (960) or 40 ms (1920) mono frame. With DTX, silence yields 1–2 byte packets. */
  encode(pcm: Int16Array): Uint8Array {
    const handle = this.#live();
    if (!(pcm instanceof Int16Array)) throw new OpusError('INVALID_PCM', 'pcm must be an Int16Array');
    if (!(OPUS_FRAME_SIZES as readonly number[]).includes(pcm.length)) {
      throw new OpusError('INVALID_PCM', `pcm must have ${OPUS_FRAME_SIZES.join(' or ')} samples, got ${pcm.length}`);
    }
    const n = check(opus().opus_encode(handle, pcm, pcm.length, this.#out, this.#out.length), 'opus_encode');
    return this.#out.slice(0, n);
  }

  /** Frees the native state. Safe to call twice; any other call afterwards throws. */
  destroy(): void {
    if (this.#handle) opus().opus_encoder_destroy(this.#handle);
    this.#handle = null;
  }

  #ctl(request: number, value: number, what: string): void {
    check(opus().opus_encoder_ctl(this.#live(), request, value), what);
  }

  #live(): Pointer {
    if (!this.#handle) throw new OpusError('DESTROYED', 'OpusEncoder used after destroy()');
    return this.#handle;
  }
}

/** 48 kHz mono decoder with packet-loss concealment and in-band FEC recovery. */
export class OpusDecoder {
  #handle: Pointer | null;
  /** Reused scratch buffer big enough for any packet; results are copied out. */
  readonly #pcm = new Int16Array(MAX_DECODE_SAMPLES);

  constructor() {
    const err = new Int32Array(1);
    const handle = opus().opus_decoder_create(OPUS_SAMPLE_RATE, 1, err);
    check(err[0] ?? -3, 'opus_decoder_create');
    if (typeof handle !== 'number' || handle === 0)
      throw new OpusError('OPUS_ALLOC_FAIL', 'opus_decoder_create returned null');
    this.#handle = handle;
  }

  /** Decodes one packet; the output length is whatever the packet carries (e.g. 960 or 1920). */
  decode(packet: Uint8Array): Int16Array {
    const handle = this.#live();
    validatePacket(packet);
    const n = opus().opus_decode(handle, packet, packet.length, this.#pcm, MAX_DECODE_SAMPLES, 0);
    return this.#pcm.slice(0, check(n, 'opus_decode'));
  }

  /** Packet-loss concealment: synthesises `frameSamples` of audio for a packet that never arrived. */
  decodeMissing(frameSamples: number): Int16Array {
    const handle = this.#live();
    validateFrameSamples(frameSamples);
    const n = opus().opus_decode(handle, null, 0, this.#pcm, frameSamples, 0);
    return this.#pcm.slice(0, check(n, 'opus_decode (PLC)'));
  }

  /**
   * Recovers the lost previous frame from `nextPacket`'s in-band FEC data. Call this for the gap,
   * then decode(nextPacket) as usual. Falls back to concealment inside libopus if no FEC is present.
   */
  decodeFec(nextPacket: Uint8Array, frameSamples: number): Int16Array {
    const handle = this.#live();
    validatePacket(nextPacket);
    validateFrameSamples(frameSamples);
    const n = opus().opus_decode(handle, nextPacket, nextPacket.length, this.#pcm, frameSamples, 1);
    return this.#pcm.slice(0, check(n, 'opus_decode (FEC)'));
  }

  /** Frees the native state. Safe to call twice; any other call afterwards throws. */
  destroy(): void {
    if (this.#handle) opus().opus_decoder_destroy(this.#handle);
    this.#handle = null;
  }

  #live(): Pointer {
    if (!this.#handle) throw new OpusError('DESTROYED', 'OpusDecoder used after destroy()');
    return this.#handle;
  }
}
