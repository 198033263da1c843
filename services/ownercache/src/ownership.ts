// Answers "which token ids does this wallet hold": from the index, else the indexer, else a 503 with Retry-After.

import type { Logger } from '@keel/kit';
import type { Counter } from 'prom-client';
import type { ContractIndex } from './contract-index.ts';
import { NoAnswerError } from './errors.ts';
import { compareDecimal, type IndexStore } from './index-store.ts';
import type { IndexerClient } from './indexer-client.ts';
import { NETWORKS } from './networks.ts';

export type Source = 'cache' | 'chain' | 'indexer';

export interface Answer {
  readonly tokenIds: string[];
  readonly blockNumber: bigint | null;
  readonly source: Source;
  readonly updatedAt: number;
  readonly expiresAt: number;
  readonly stale: boolean;
}

export interface OwnershipOptions {
  readonly store: IndexStore;
  readonly indexer: IndexerClient | null;
  readonly ttlMs: number;
  readonly buildWaitMs: number;
  readonly now: () => number;
  readonly logger: Logger;
  readonly answers: Counter<'source'>;
}

/** Retry-After when a build has no estimate yet. */
const DEFAULT_RETRY_SECONDS = 5;

export class Ownership {
  readonly #o: OwnershipOptions;

  constructor(options: OwnershipOptions) {
    this.#o = options;
  }

  async answer(index: ContractIndex, wallet: `0x${string}`): Promise<Answer> {
    const { ttlMs, buildWaitMs, now, logger } = this.#o;
    // A first build answers within the wait ("chain": read for this request), or the request moves on.
    const wasReady = index.ready;
    const ready = wasReady || (await index.whenReady(buildWaitMs));
    if (ready) {
      const updatedAt = index.updatedAt ?? 0;
      const stale = now() - updatedAt > ttlMs;
      if (!stale) return this.#fromIndex(index, wallet, updatedAt, false, wasReady ? 'cache' : 'chain');
      // Stale: refresh in the background (shared by every request), answer at once.
      index.refresh().catch((error: unknown) => logger.warn('background refresh failed', { error }));
      if (index.failing && this.#o.indexer !== null) {
        const fresh = await this.#fromIndexer(index, wallet).catch(() => null);
        if (fresh !== null) return fresh;
      }
      return this.#fromIndex(index, wallet, updatedAt, true, 'cache');
    }
    if (this.#o.indexer !== null) {
      try {
        return await this.#fromIndexer(index, wallet);
      } catch (error) {
        logger.warn('indexer fallback failed', { contract: index.entry.key, error });
      }
    }
    const eta = index.progress?.etaSeconds ?? DEFAULT_RETRY_SECONDS;
    throw new NoAnswerError({
      message: index.failing
        ? `the RPC for ${index.entry.network} is failing (${index.lastError}) and nothing is cached yet`
        : `the index of '${index.entry.key}' is still being built (${index.progress?.done ?? 0}/${index.progress?.total ?? '?'} tokens)`,
      retryAfterSeconds: Math.max(1, Math.min(300, eta)),
    });
  }

  #fromIndex(index: ContractIndex, wallet: string, updatedAt: number, stale: boolean, source: Source): Answer {
    this.#o.answers.inc({ source: stale ? 'stale' : source });
    return {
      tokenIds: index.tokensOf(wallet),
      blockNumber: index.lastBlock,
      source,
      updatedAt,
      expiresAt: updatedAt + this.#o.ttlMs,
      stale,
    };
  }

  /** The indexer's answer, kept per wallet for the TTL so a failing RPC does not turn into an indexer bill. */
  async #fromIndexer(index: ContractIndex, wallet: `0x${string}`): Promise<Answer> {
    const { store, indexer, ttlMs, now, answers } = this.#o;
    if (indexer === null) throw new Error('no indexer configured');
    const key = index.entry.key;
    let cached = store.indexerAnswer(key, wallet);
    if (cached === null || now() - cached.updatedAt > ttlMs) {
      const network = NETWORKS[index.entry.network];
      if (network === undefined) throw new Error(`unknown network ${index.entry.network}`);
      const result = await indexer.tokensOf(network, index.entry.address, wallet);
      cached = {
        tokenIds: [...result.tokenIds].sort(compareDecimal),
        blockNumber: result.blockNumber,
        updatedAt: now(),
      };
      store.saveIndexerAnswer(key, wallet, cached);
    }
    answers.inc({ source: 'indexer' });
    return {
      tokenIds: cached.tokenIds,
      blockNumber: cached.blockNumber,
      source: 'indexer',
      updatedAt: cached.updatedAt,
      expiresAt: cached.updatedAt + ttlMs,
      stale: false,
    };
  }
}
