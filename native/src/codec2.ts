import { FFIType, type Pointer } from 'bun:ffi';
import { loadLibrary } from './load-library.ts';
import { decimate48to8, interpolate8to48, RESAMPLE_FACTOR } from './resample.ts';

/** Codec2 bit rates supported by the voice system. */
export type Codec2Mode = 3200 | 1200;

/** Values of the CODEC2_MODE_* enum in codec2.h (no headers are installed, so they live here). */
const NATIVE_MODE: Record<Codec2Mode, number> = { 3200: 0, 1200: 5 };

/** Samples per 20 ms at 48 kHz: the pipeline's frame unit. */
export const PCM_SAMPLES_PER_20MS = 960;

export type Codec2ErrorCode = 'BAD_MODE' | 'BAD_PCM_LENGTH' | 'BAD_BYTE_LENGTH' | 'DESTROYED' | 'NATIVE_FAILURE';

export class Codec2Error extends Error {
  override readonly name = 'Codec2Error';
  constructor(
    readonly code: Codec2ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

let lib: ReturnType<typeof open> | undefined;

function open() {
  return loadLibrary(
    {
      debianPackage: 'libcodec2-1.0',
      names: ['libcodec2.so.1.0', 'libcodec2.so', 'libcodec2.1.0.dylib', 'libcodec2.dylib'],
    },
    {
      codec2_create: { args: [FFIType.i32], returns: FFIType.ptr },
      codec2_destroy: { args: [FFIType.ptr], returns: FFIType.void },
      codec2_encode: { args: [FFIType.ptr, FFIType.ptr, FFIType.ptr], returns: FFIType.void },
      codec2_decode: { args: [FFIType.ptr, FFIType.ptr, FFIType.ptr], returns: FFIType.void },
      codec2_samples_per_frame: { args: [FFIType.ptr], returns: FFIType.i32 },
      codec2_bytes_per_frame: { args: [FFIType.ptr], returns: FFIType.i32 },
    },
  );
}

/** Opened lazily so importing this module never fails on machines without libcodec2. */
function symbols() {
  lib ??= open();
  return lib.symbols;
}

export function isCodec2Mode(mode: unknown): mode is Codec2Mode {
  return mode === 3200 || mode === 1200;
}

function assertMode(mode: unknown): asserts mode is Codec2Mode {
  if (!isCodec2Mode(mode))
    throw new Codec2Error('BAD_MODE', `Unsupported Codec2 mode ${String(mode)} (use 3200 or 1200)`);
}

/** Native state plus the frame geometry it reports; held in a box so the finalizer sees mode switches. */
interface NativeState {
  ptr: Pointer | null;
}

// Safety net for callers that forget destroy(); explicit destroy() is still the contract.
const finalizer = new FinalizationRegistry<NativeState>((state) => {
  if (state.ptr !== null) symbols().codec2_destroy(state.ptr);
  state.ptr = null;
});

/** Shared lifecycle: one native CODEC2 state per object, because the encoder and decoder keep separate history. */
abstract class Codec2Base {
  private readonly state: NativeState = { ptr: null };
  #mode: Codec2Mode = 3200;
  #destroyed = false;
  /** Samples per native frame at 8 kHz, as reported by libcodec2. */
  protected samples8k = 0;
  /** Bytes per encoded frame, as reported by libcodec2. */
  protected frameBytes = 0;

  constructor(mode: Codec2Mode) {
    this.setMode(mode);
    finalizer.register(this, this.state, this);
  }

  get mode(): Codec2Mode {
    return this.#mode;
  }

  /** 48 kHz PCM samples per codec frame (960 for 3200, 1920 for 1200). */
  get pcmSamplesPerFrame(): number {
    return this.samples8k * RESAMPLE_FACTOR;
  }

  get bytesPerFrame(): number {
    return this.frameBytes;
  }

  /** Creates the new native state before freeing the old one, so a failed switch leaves the codec usable. */
  setMode(mode: Codec2Mode): void {
    this.assertAlive();
    assertMode(mode);
    const fns = symbols();
    const ptr = fns.codec2_create(NATIVE_MODE[mode]);
    // Bun types a ptr return loosely; at runtime it is a number or null (NULL).
    if (typeof ptr !== 'number') throw new Codec2Error('NATIVE_FAILURE', `codec2_create(${mode}) returned NULL`);
    const samples = fns.codec2_samples_per_frame(ptr);
    const bytes = fns.codec2_bytes_per_frame(ptr);
    if (samples <= 0 || bytes <= 0) {
      fns.codec2_destroy(ptr);
      throw new Codec2Error('NATIVE_FAILURE', `codec2 mode ${mode} reported ${samples} samples / ${bytes} bytes`);
    }
    const old = this.state.ptr;
    this.state.ptr = ptr;
    this.samples8k = samples;
    this.frameBytes = bytes;
    this.#mode = mode;
    if (old !== null) fns.codec2_destroy(old);
    this.onModeChanged();
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    finalizer.unregister(this);
    if (this.state.ptr !== null) symbols().codec2_destroy(this.state.ptr);
    this.state.ptr = null;
  }

  protected onModeChanged(): void {}

  protected assertAlive(): void {
    if (this.#destroyed) throw new Codec2Error('DESTROYED', 'Codec2 object used after destroy()');
  }

  protected get ptr(): Pointer {
    this.assertAlive();
    return this.state.ptr as Pointer;
  }
}

/** Encodes 48 kHz mono PCM into Codec2 frames (one frame per call). */
export class Codec2Encoder extends Codec2Base {
  encode(pcm48k: Int16Array): Uint8Array {
    const ptr = this.ptr;
    if (!(pcm48k instanceof Int16Array) || pcm48k.length !== this.pcmSamplesPerFrame) {
      throw new Codec2Error(
        'BAD_PCM_LENGTH',
        `Codec2 ${this.mode} expects ${this.pcmSamplesPerFrame} PCM samples at 48 kHz, got ${pcm48k?.length}`,
      );
    }
    const speech = decimate48to8(pcm48k);
    const out = new Uint8Array(this.frameBytes);
    symbols().codec2_encode(ptr, out, speech);
    return out;
  }
}

/** Consecutive missing frames after which concealment turns into silence. */
const MAX_CONCEALED_FRAMES = 3;

/** Decodes Codec2 frames into 48 kHz mono PCM. */
export class Codec2Decoder extends Codec2Base {
  private lastFrame: Uint8Array | null = null;
  private missingRun = 0;

  decode(bytes: Uint8Array): Int16Array {
    const ptr = this.ptr;
    if (!(bytes instanceof Uint8Array) || bytes.length !== this.frameBytes) {
      throw new Codec2Error(
        'BAD_BYTE_LENGTH',
        `Codec2 ${this.mode} expects ${this.frameBytes}-byte frames, got ${bytes?.length}`,
      );
    }
    this.lastFrame = bytes.slice();
    this.missingRun = 0;
    return this.run(ptr, this.lastFrame);
  }

  /**
   * Concealment for a lost frame: re-decode the last good frame and halve the gain per consecutive loss,
   * then silence after MAX_CONCEALED_FRAMES. Re-decoding (rather than replaying PCM) keeps the vocoder's
   * phase continuous, so there is no click; fading avoids a robotic buzz on long gaps.
   */
  decodeMissing(): Int16Array {
    const ptr = this.ptr;
    this.missingRun++;
    if (this.lastFrame === null || this.missingRun > MAX_CONCEALED_FRAMES) {
      return new Int16Array(this.pcmSamplesPerFrame);
    }
    const pcm = this.run(ptr, this.lastFrame);
    const gain = 0.5 ** this.missingRun;
    for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round((pcm[i] as number) * gain);
    return pcm;
  }

  protected override onModeChanged(): void {
    // An old-mode frame cannot be decoded by the new state.
    this.lastFrame = null;
    this.missingRun = 0;
  }

  private run(ptr: Pointer, bytes: Uint8Array): Int16Array {
    const speech = new Int16Array(this.samples8k);
    symbols().codec2_decode(ptr, speech, bytes);
    return interpolate8to48(speech);
  }
}
