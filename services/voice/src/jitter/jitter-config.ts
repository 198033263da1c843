// Jitter buffer configuration: the seed's fixed depths, the client's adaptive call mode, and their validation.

import { VoiceError } from '../errors.ts';

export interface JitterBufferConfig {
  /** Depth (packets) at which playout begins and, after an underrun, resumes. Initial target in adaptive mode. */
  readonly targetDepth: number;
  /** Above this depth the oldest packets are evicted. Upper bound of the adaptive target. */
  readonly maxDepth: number;
  /** Lower bound of the target: the buffer never starts playout with fewer packets. */
  readonly minDepth: number;
  /** null: fixed target. Otherwise the target follows the delay quantile (see AdaptiveTarget). */
  readonly adaptive: { readonly frameMs: number; readonly windowMs?: number; readonly quantile?: number } | null;
}

/** Seed defaults: target 50 (1 s), max 250 (5 s), min 25 (0.5 s) at 20 ms: sized for very bad links and relays. */
export const SEED_JITTER_CONFIG: JitterBufferConfig = { targetDepth: 50, maxDepth: 250, minDepth: 25, adaptive: null };

/**
 * Client call mode: starts at 80 ms like NetEQ, floor of one packet, cap of 300 ms (anchors/voice.md §5, goal L2)
 * so a good path stays well under the 150 ms mouth-to-ear budget of G.114.
 */
export const ADAPTIVE_CALL_JITTER_CONFIG: JitterBufferConfig = {
  targetDepth: 4,
  maxDepth: 15,
  minDepth: 1,
  adaptive: { frameMs: 20 },
};

export class InvalidJitterConfigError extends VoiceError {
  constructor(message: string) {
    super('invalid_jitter_config', message);
  }
}

export function validateJitterConfig(config: JitterBufferConfig): void {
  const { minDepth, targetDepth, maxDepth, adaptive } = config;
  for (const [name, value] of [
    ['minDepth', minDepth],
    ['targetDepth', targetDepth],
    ['maxDepth', maxDepth],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new InvalidJitterConfigError(`${name} must be a positive integer`);
  }
  if (!(minDepth <= targetDepth && targetDepth <= maxDepth)) {
    throw new InvalidJitterConfigError(
      `need minDepth <= targetDepth <= maxDepth, got ${minDepth}, ${targetDepth}, ${maxDepth}`,
    );
  }
  // Every buffered packet must sit within half the sequence space of the next one to play (RFC 1982).
  if (maxDepth >= 0x8000) throw new InvalidJitterConfigError('maxDepth must be below 32768');
  if (adaptive !== null && !(adaptive.frameMs > 0)) throw new InvalidJitterConfigError('adaptive.frameMs must be > 0');
}
