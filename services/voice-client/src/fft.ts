// Fft: an in-place radix-2 complex FFT over split real/imaginary arrays, its tables built once per size.

/** Bitwise index arithmetic stays exact up to this size. */
const MAX_SIZE = 2 ** 30;

export class Fft {
  readonly size: number;
  readonly #cos: Float64Array;
  readonly #sin: Float64Array;
  readonly #reversed: Uint32Array;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE || (size & (size - 1)) !== 0) {
      throw new RangeError(`Fft: size must be a power of two from 1 to ${MAX_SIZE}, got ${size}`);
    }
    this.size = size;
    const half = size >> 1;
    this.#cos = new Float64Array(half);
    this.#sin = new Float64Array(half);
    for (let k = 0; k < half; k++) {
      this.#cos[k] = Math.cos((2 * Math.PI * k) / size);
      this.#sin[k] = Math.sin((2 * Math.PI * k) / size);
    }
    const bits = Math.log2(size);
    this.#reversed = new Uint32Array(size);
    for (let i = 1; i < size; i++) {
      this.#reversed[i] = ((this.#reversed[i >> 1] as number) >> 1) | ((i & 1) << (bits - 1));
    }
  }

  /** X[k] = Σ x[n]·e^(−2πikn/N), in place. */
  forward(re: Float64Array, im: Float64Array): void {
    this.#transform(re, im, -1);
  }

  /** x[n] = (1/N)·Σ X[k]·e^(2πikn/N), in place. */
  inverse(re: Float64Array, im: Float64Array): void {
    this.#transform(re, im, 1);
    const scale = 1 / this.size;
    for (let i = 0; i < this.size; i++) {
      re[i] = (re[i] as number) * scale;
      im[i] = (im[i] as number) * scale;
    }
  }

  #transform(re: Float64Array, im: Float64Array, sign: 1 | -1): void {
    const n = this.size;
    if (re.length !== n || im.length !== n) {
      throw new RangeError(`Fft: expected arrays of ${n} values, got ${re.length} and ${im.length}`);
    }
    const reversed = this.#reversed;
    for (let i = 0; i < n; i++) {
      const j = reversed[i] as number;
      if (j > i) {
        const r = re[i] as number;
        re[i] = re[j] as number;
        re[j] = r;
        const m = im[i] as number;
        im[i] = im[j] as number;
        im[j] = m;
      }
    }
    const cos = this.#cos;
    const sin = this.#sin;
    for (let length = 2; length <= n; length <<= 1) {
      const half = length >> 1;
      const stride = n / length;
      for (let start = 0; start < n; start += length) {
        for (let k = 0; k < half; k++) {
          const wr = cos[k * stride] as number;
          const wi = sign * (sin[k * stride] as number);
          const a = start + k;
          const b = a + half;
          const br = re[b] as number;
          const bi = im[b] as number;
          const xr = br * wr - bi * wi;
          const xi = br * wi + bi * wr;
          const ar = re[a] as number;
          const ai = im[a] as number;
          re[b] = ar - xr;
          im[b] = ai - xi;
          re[a] = ar + xr;
          im[a] = ai + xi;
        }
      }
    }
  }
}
