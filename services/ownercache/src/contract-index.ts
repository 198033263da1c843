// One contract's index: a Multicall3 scan of every token id, then Transfer logs followed block by block.

import type { Logger } from '@keel/kit';
import type { Gauge } from 'prom-client';
import type { BlockRef, ChainReader } from './chain-reader.ts';
import type { ContractEntry } from './contracts-file.ts';
import type { IndexState, IndexStore } from './index-store.ts';
import { RpcError } from './rpc/rpc-client.ts';

export interface IndexSettings {
  readonly scanBatch: number;
  readonly scanConcurrency: number;
  readonly maxLogRange: number;
  readonly pollIntervalMs: number;
}

export interface ScanProgress {
  readonly done: number;
  readonly total: number;
  readonly perSecond: number;
  readonly etaSeconds: number | null;
}

export interface ContractIndexOptions {
  readonly entry: ContractEntry;
  readonly store: IndexStore;
  readonly reader: ChainReader;
  readonly settings: IndexSettings;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly logger: Logger;
  readonly tokensGauge: Gauge<'contract'>;
}

/** What a provider says when a pinned historical block's state is gone (non-archive nodes keep ~128 blocks). */
const PRUNED_STATE = /missing trie node|state (is )?not available|header not found|pruned|historical state/i;
/** What providers say when an eth_getLogs range or result set is too large. */
const RANGE_TOO_LARGE = /range|too many|more than \d+ results|limit exceeded|query timeout|response size/i;
/** Longest wait between attempts after repeated failures. */
const MAX_FAILURE_WAIT_MS = 60_000;
const PROGRESS_LOG_EVERY_MS = 5_000;

export class ContractIndex {
  readonly entry: ContractEntry;
  readonly #o: ContractIndexOptions;
  #state: IndexState | null = null;
  #progress: ScanProgress | null = null;
  #logRange: number;
  #catchUp: Promise<void> | null = null;
  #stopped = false;
  #loop: Promise<void> = Promise.resolve();
  #readyWaiters: (() => void)[] = [];
  #wake: (() => void) | null = null;
  #lastError: string | null = null;
  #failures = 0;

  constructor(options: ContractIndexOptions) {
    this.entry = options.entry;
    this.#o = options;
    this.#logRange = options.settings.maxLogRange;
  }

  get ready(): boolean {
    return this.#state?.status === 'ready';
  }

  /** When the index last reached the chain head (unix ms), or `null`. */
  get updatedAt(): number | null {
    return this.#state?.updatedAt ?? null;
  }

  get lastBlock(): bigint | null {
    return this.#state?.lastBlock ?? null;
  }

  get lastError(): string | null {
    return this.#lastError;
  }

  /** The last attempt to reach the chain failed. */
  get failing(): boolean {
    return this.#failures > 0;
  }

  get progress(): ScanProgress | null {
    return this.#progress;
  }

  start(): void {
    this.#state = this.#o.store.state(this.entry);
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    for (const resolve of this.#readyWaiters.splice(0)) resolve();
    await this.#loop;
  }

  /** Resolves `true` once the index is built, or `false` after `timeoutMs`. */
  async whenReady(timeoutMs: number): Promise<boolean> {
    if (this.ready) return true;
    if (timeoutMs <= 0) return false;
    const ready = new Promise<boolean>((resolve) => this.#readyWaiters.push(() => resolve(this.ready)));
    return Promise.race([ready, this.#o.sleep(timeoutMs).then(() => this.ready)]);
  }

  /** Token ids `wallet` holds per the index (only when ready). */
  tokensOf(wallet: string): string[] {
    return this.#o.store.tokensOf(this.entry.key, wallet);
  }

  /** Brings the index up to the chain head; concurrent callers share one run. */
  refresh(): Promise<void> {
    this.#catchUp ??= this.#followLogs().finally(() => {
      this.#catchUp = null;
    });
    return this.#catchUp;
  }

  async #run(): Promise<void> {
    const { logger, settings, reader } = this.#o;
    let verified = false;
    while (!this.#stopped) {
      try {
        let state = this.#state;
        if (!verified && state?.status === 'ready' && state.lastBlock !== null && state.lastBlockHash !== null) {
          // After a restart the stored head must still be on the chain; a reset dev chain or a reorg means rebuild.
          if ((await reader.blockHash(state.lastBlock)) !== state.lastBlockHash) {
            logger.warn('stored head is no longer on the chain, rebuilding', { contract: this.entry.key });
            state = null;
          }
        }
        verified = true;
        if (state?.status !== 'ready') {
          this.#state = await this.#build(state);
          this.#notifyReady();
        }
        await this.refresh();
        this.#failures = 0;
        this.#lastError = null;
      } catch (error) {
        if (this.#stopped) break;
        this.#failures++;
        this.#lastError = error instanceof Error ? error.message : String(error);
        const wait = Math.min(MAX_FAILURE_WAIT_MS, settings.pollIntervalMs * 2 ** Math.min(this.#failures, 10));
        logger.warn('index update failed', { contract: this.entry.key, error: this.#lastError, retry_in_ms: wait });
        await this.#pause(wait);
        continue;
      }
      await this.#pause(settings.pollIntervalMs);
    }
  }

  /** Scans `ownerOf` for every id, resuming a scan a restart interrupted. */
  async #build(previous: IndexState | null): Promise<IndexState> {
    const { store, reader, settings, logger, now, tokensGauge } = this.#o;
    const { key, address, maxTokenId } = this.entry;
    const firstPin = await reader.latestBlock();
    let pin: BlockRef = firstPin;
    const state = previous?.status === 'building' ? previous : store.reset(this.entry, pin.number);
    this.#state = state;
    const total = Number(maxTokenId + 1n);
    const batch = BigInt(settings.scanBatch);
    const started = now();
    const startedAt = Number(state.scanNextId);
    // Batches finish out of order; the stored resume point only moves past a contiguous prefix.
    const finished = new Set<bigint>();
    let resumeAt = state.scanNextId;
    let next = state.scanNextId;
    let done = Number(state.scanNextId);
    let lastLog = started;
    logger.info('index build started', {
      contract: key,
      tokens: total,
      resume_at: String(state.scanNextId),
      block: String(pin.number),
    });

    const worker = async () => {
      while (next <= maxTokenId && !this.#stopped) {
        const first = next;
        next += batch;
        const last = first + batch - 1n > maxTokenId ? maxTokenId : first + batch - 1n;
        const ids: bigint[] = [];
        for (let id = first; id <= last; id++) ids.push(id);
        let owners: (`0x${string}` | null)[];
        try {
          owners = await reader.ownersAt(address, ids, pin.number);
        } catch (error) {
          if (!(error instanceof RpcError && PRUNED_STATE.test(error.message))) throw error;
          // The pinned block's state is gone: read at the head; replaying logs from the first pin keeps it exact.
          pin = await reader.latestBlock();
          logger.info('scan re-pinned to a newer block', { contract: key, block: String(pin.number) });
          owners = await reader.ownersAt(address, ids, pin.number);
        }
        finished.add(first);
        while (finished.has(resumeAt)) {
          finished.delete(resumeAt);
          resumeAt += batch;
        }
        store.saveScan(key, ids, owners, resumeAt > maxTokenId ? maxTokenId + 1n : resumeAt);
        done += ids.length;
        const elapsed = (now() - started) / 1000;
        const perSecond = elapsed > 0 ? (done - startedAt) / elapsed : 0;
        this.#progress = {
          done,
          total,
          perSecond: Math.round(perSecond),
          etaSeconds: perSecond > 0 ? Math.ceil((total - done) / perSecond) : null,
        };
        if (now() - lastLog >= PROGRESS_LOG_EVERY_MS) {
          lastLog = now();
          logger.info('index build progress', { contract: key, ...this.#progress });
        }
      }
    };
    await Promise.all(Array.from({ length: settings.scanConcurrency }, worker));
    if (this.#stopped) throw new Error('stopped');
    const replayFrom = state.replayFrom ?? firstPin.number;
    const replayHash = replayFrom === firstPin.number ? firstPin.hash : await reader.blockHash(replayFrom);
    if (replayHash === null) throw new Error(`block ${replayFrom} is gone from the chain; rebuilding`);
    store.finishScan(key, replayHash, now());
    this.#progress = null;
    tokensGauge.set({ contract: key }, store.tokenCount(key));
    logger.info('index build finished', {
      contract: key,
      tokens_owned: store.tokenCount(key),
      seconds: Math.round((now() - started) / 100) / 10,
    });
    const built = store.state(this.entry);
    if (built === null) throw new Error('index state vanished');
    return built;
  }

  /** Applies Transfer logs from the block after the last one applied up to the head, in adaptive ranges. */
  async #followLogs(): Promise<void> {
    const { store, reader, settings, now, tokensGauge } = this.#o;
    const state = this.#state;
    if (state?.status !== 'ready' || state.lastBlock === null) return;
    const { key, address } = this.entry;
    const head = await reader.latestBlock();
    if (head.number < state.lastBlock) {
      // The chain went backwards (a reset): nothing indexed can be trusted.
      this.#state = null;
      throw new Error(`chain head ${head.number} is behind the indexed block ${state.lastBlock}; rebuilding`);
    }
    let from = state.lastBlock + 1n;
    while (from <= head.number) {
      const to = from + BigInt(this.#logRange) - 1n < head.number ? from + BigInt(this.#logRange) - 1n : head.number;
      let events: Awaited<ReturnType<ChainReader['transfers']>>;
      try {
        events = await reader.transfers(address, from, to);
      } catch (error) {
        if (error instanceof RpcError && RANGE_TOO_LARGE.test(error.message) && this.#logRange > 1) {
          this.#logRange = Math.max(1, Math.floor(this.#logRange / 2));
          continue;
        }
        throw error;
      }
      store.applyTransfers(key, events, to);
      this.#logRange = Math.min(settings.maxLogRange, this.#logRange * 2);
      from = to + 1n;
    }
    store.markCurrent(key, head.hash, now());
    this.#state = store.state(this.entry);
    tokensGauge.set({ contract: key }, store.tokenCount(key));
  }

  #notifyReady(): void {
    if (this.ready) for (const resolve of this.#readyWaiters.splice(0)) resolve();
  }

  /** Sleeps, but `stop()` wakes it at once. */
  async #pause(ms: number): Promise<void> {
    await Promise.race([this.#o.sleep(ms), new Promise<void>((resolve) => (this.#wake = resolve))]);
    this.#wake = null;
  }
}
