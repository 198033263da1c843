// The indexer fallback: Alchemy NFT API v3 getNFTsForOwner, filtered to one contract, every page.

import type { IndexerConfig } from './config.ts';
import type { NetworkInfo } from './networks.ts';

export class IndexerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IndexerError';
  }
}

interface OwnedNftsPage {
  ownedNfts?: { tokenId?: unknown; contract?: { address?: unknown } }[];
  pageKey?: unknown;
  validAt?: { blockNumber?: unknown };
}

/** 100 pages of 100: a wallet with more positions than that in one contract is not a case worth paging for. */
const MAX_PAGES = 100;

export class IndexerClient {
  readonly #config: IndexerConfig;
  readonly #fetch: typeof globalThis.fetch;
  readonly #timeoutMs: number;

  constructor(config: IndexerConfig, options: { fetch: typeof globalThis.fetch; timeoutMs: number }) {
    this.#config = config;
    this.#fetch = options.fetch;
    this.#timeoutMs = options.timeoutMs;
  }

  /** Token ids (decimal strings) `wallet` holds in `contract`, and the block the answer is valid at. */
  async tokensOf(
    network: NetworkInfo,
    contract: `0x${string}`,
    wallet: `0x${string}`,
  ): Promise<{ tokenIds: string[]; blockNumber: bigint | null }> {
    const base = this.#config.urlTemplate
      .replace('{network}', network.indexerName)
      .replace('{key}', encodeURIComponent(this.#config.apiKey));
    const tokenIds: string[] = [];
    let blockNumber: bigint | null = null;
    let pageKey: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({
        owner: wallet,
        'contractAddresses[]': contract,
        withMetadata: 'false',
        pageSize: '100',
      });
      if (pageKey !== null) query.set('pageKey', pageKey);
      const body = await this.#get(`${base.replace(/\/+$/, '')}/getNFTsForOwner?${query}`);
      for (const nft of body.ownedNfts ?? []) {
        const address = typeof nft.contract?.address === 'string' ? nft.contract.address.toLowerCase() : '';
        if (address !== '' && address !== contract.toLowerCase()) continue;
        tokenIds.push(parseTokenId(nft.tokenId));
      }
      if (page === 0 && typeof body.validAt?.blockNumber === 'number') blockNumber = BigInt(body.validAt.blockNumber);
      if (typeof body.pageKey !== 'string' || body.pageKey === '') return { tokenIds, blockNumber };
      pageKey = body.pageKey;
    }
    throw new IndexerError(`more than ${MAX_PAGES} pages of tokens for one wallet`);
  }

  async #get(url: string): Promise<OwnedNftsPage> {
    let response: Response;
    try {
      response = await this.#fetch(url, { signal: AbortSignal.timeout(this.#timeoutMs) });
    } catch (cause) {
      throw new IndexerError(`indexer unreachable: ${(cause as Error).message}`, { cause });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new IndexerError(`indexer answered HTTP ${response.status}`);
    }
    try {
      return (await response.json()) as OwnedNftsPage;
    } catch (cause) {
      throw new IndexerError('indexer answered invalid JSON', { cause });
    }
  }
}

/** Alchemy v3 gives decimal strings; older versions and other indexers hex. Either becomes decimal. */
function parseTokenId(value: unknown): string {
  if (typeof value !== 'string' || !/^(0x[0-9a-fA-F]+|\d+)$/.test(value)) {
    throw new IndexerError(`indexer returned an invalid token id ${JSON.stringify(value)}`);
  }
  return BigInt(value).toString();
}
