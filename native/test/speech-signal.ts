// A voiced-speech stand-in for codec tests and benchmarks: a 12-harmonic pulse train at 48 kHz whose pitch glides
// between 100 and 180 Hz, under a 4 Hz syllable envelope. SILK's voice activity detector takes it for speech, so
// Opus adds in-band FEC to it (a steady sine would never get any).

const RATE = 48_000;

/** `samples` samples of the signal, from its start. */
export function speechSignal(samples: number): Int16Array {
  const pcm = new Int16Array(samples);
  let phase = 0;
  for (let i = 0; i < samples; i++) {
    const t = i / RATE;
    phase += (2 * Math.PI * (140 + 40 * Math.sin(2 * Math.PI * 3 * t))) / RATE;
    let s = 0;
    for (let h = 1; h <= 12; h++) s += Math.sin(h * phase) / h;
    pcm[i] = Math.round(6000 * (0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * t)) * s);
  }
  return pcm;
}

/** `frames` consecutive frames of `frameSamples` samples each, one continuous signal. */
export function speechFrames(frames: number, frameSamples = 960): Int16Array[] {
  const pcm = speechSignal(frames * frameSamples);
  return Array.from({ length: frames }, (_, f) => pcm.slice(f * frameSamples, (f + 1) * frameSamples));
}
