// PathMonitor: loss, RTT, interarrival jitter and receive bandwidth of one media path, as a QualityReport.

import type { QualityReport } from '../packet/quality-trailer.ts';
import { seqDistance } from '../packet/serial-number.ts';
import { Ewma, PATH_SMOOTHING } from './ewma.ts';

/** Seed: the initial RTT estimate is 300 ms; used until the first Pong. */
export const INITIAL_RTT_MS = 300;
/** One second of arrivals: 50 packets at 20 ms, long enough to smooth out frame-size variation. */
export const BANDWIDTH_WINDOW_MS = 1_000;

export interface PathMonitorConfig {
  readonly smoothing?: number;
  readonly bandwidthWindowMs?: number;
  readonly initialRttMs?: number;
}

export class PathMonitor {
  readonly #loss: Ewma;
  readonly #rtt: Ewma;
  readonly #jitter: Ewma;
  readonly #bandwidth: Ewma;
  readonly #windowMs: number;
  readonly #initialRttMs: number;

  /** Extended (wrap-counted) sequence numbers, RFC 3550 Appendix A.1. */
  #baseExt: number | null = null;
  #highestExt = 0;
  #received = 0;
  #expectedPrior = 0;
  #receivedPrior = 0;

  #lastTransit: number | null = null;
  readonly #arrivals: { readonly at: number; readonly bytes: number }[] = [];

  constructor(config: PathMonitorConfig = {}) {
    const alpha = config.smoothing ?? PATH_SMOOTHING;
    this.#loss = new Ewma(alpha);
    this.#rtt = new Ewma(alpha);
    this.#jitter = new Ewma(alpha);
    this.#bandwidth = new Ewma(alpha);
    this.#windowMs = config.bandwidthWindowMs ?? BANDWIDTH_WINDOW_MS;
    this.#initialRttMs = config.initialRttMs ?? INITIAL_RTT_MS;
  }

  /** A media packet arrived: its sequence number, capture time on the sender's clock (ms) and size on the wire. */
  onPacket(seq: number, mediaTimeMs: number, bytes: number, now: number): void {
    if (this.#baseExt === null) {
      this.#baseExt = seq;
      this.#highestExt = seq;
    } else {
      const ext = this.#highestExt + seqDistance(this.#highestExt & 0xffff, seq);
      if (ext > this.#highestExt) this.#highestExt = ext;
    }
    this.#received += 1;

    // RFC 3550 §6.4.1: D(i-1,i) = (R_i - R_{i-1}) - (S_i - S_{i-1}) = transit_i - transit_{i-1}, in arrival order.
    const transit = now - mediaTimeMs;
    if (this.#lastTransit !== null) this.#jitter.add(Math.abs(transit - this.#lastTransit));
    this.#lastTransit = transit;

    this.#arrivals.push({ at: now, bytes });
  }

  /** A Pong answered the Ping sent at `pingSentAtMs` (the timestamp the Ping carried and the Pong echoed). */
  onPong(pingSentAtMs: number, now: number): void {
    this.#rtt.add(Math.max(0, now - pingSentAtMs));
  }

  /** Closes a reporting interval (loss and bandwidth samples) and returns the smoothed figures. */
  report(now: number): QualityReport {
    if (this.#baseExt !== null) {
      // RFC 3550 Appendix A.3: loss over the interval from expected and received counts.
      const expected = this.#highestExt - this.#baseExt + 1;
      const expectedInterval = expected - this.#expectedPrior;
      const receivedInterval = this.#received - this.#receivedPrior;
      this.#expectedPrior = expected;
      this.#receivedPrior = this.#received;
      if (expectedInterval > 0) {
        this.#loss.add((100 * Math.max(0, expectedInterval - receivedInterval)) / expectedInterval);
      }
    }

    const horizon = now - this.#windowMs;
    while ((this.#arrivals[0]?.at ?? Number.POSITIVE_INFINITY) <= horizon) this.#arrivals.shift();
    const bytes = this.#arrivals.reduce((sum, arrival) => sum + arrival.bytes, 0);
    // bits per ms is kbit/s.
    this.#bandwidth.add((bytes * 8) / this.#windowMs);

    return {
      lossPct: this.#loss.value ?? 0,
      rttMs: this.#rtt.value ?? this.#initialRttMs,
      jitterMs: this.#jitter.value ?? 0,
      bitrateCapKbps: this.#bandwidth.value ?? 0,
    };
  }
}
