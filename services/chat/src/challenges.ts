// Login challenges, held in memory (seed: valid 60 seconds): 32 random bytes each, bound to the fingerprint that
// asked, and gone on the first verify attempt whatever its outcome, so no challenge can be verified twice.

/** Seed: "held in memory; valid 60 seconds". */
export const CHALLENGE_TTL_MS = 60_000;
export const CHALLENGE_BYTES = 32;
/** Outstanding challenges per fingerprint; asking for more drops the oldest. */
export const MAX_OUTSTANDING = 8;

interface Pending {
  readonly fingerprint: string;
  readonly expiresAt: number;
}

export class ChallengeBook {
  readonly #now: () => number;
  /** By challenge hex; a Map keeps insertion order, so the oldest come first. */
  readonly #pending = new Map<string, Pending>();
  readonly #byFingerprint = new Map<string, string[]>();

  constructor(now: () => number) {
    this.#now = now;
  }

  get size(): number {
    return this.#pending.size;
  }

  issue(fingerprint: string): { challenge: string; expiresAt: number } {
    this.#sweep();
    const challenge = Buffer.from(crypto.getRandomValues(new Uint8Array(CHALLENGE_BYTES))).toString('hex');
    const expiresAt = this.#now() + CHALLENGE_TTL_MS;
    this.#pending.set(challenge, { fingerprint, expiresAt });
    const mine = this.#byFingerprint.get(fingerprint) ?? [];
    mine.push(challenge);
    while (mine.length > MAX_OUTSTANDING) this.#pending.delete(mine.shift() as string);
    this.#byFingerprint.set(fingerprint, mine);
    return { challenge, expiresAt };
  }

  /** Removes the challenge; true only if it was issued to `fingerprint` and has not expired. */
  take(fingerprint: string, challenge: string): boolean {
    const pending = this.#pending.get(challenge);
    if (pending === undefined) return false;
    this.#forget(challenge, pending.fingerprint);
    return pending.fingerprint === fingerprint && pending.expiresAt > this.#now();
  }

  #forget(challenge: string, fingerprint: string): void {
    this.#pending.delete(challenge);
    const mine = (this.#byFingerprint.get(fingerprint) ?? []).filter((c) => c !== challenge);
    if (mine.length === 0) this.#byFingerprint.delete(fingerprint);
    else this.#byFingerprint.set(fingerprint, mine);
  }

  /** Drops expired challenges from the front (insertion order is expiry order). */
  #sweep(): void {
    const now = this.#now();
    for (const [challenge, pending] of this.#pending) {
      if (pending.expiresAt > now) break;
      this.#forget(challenge, pending.fingerprint);
    }
  }
}
