// Which position NFTs a wallet holds: the ownership cache first, the chain itself when the cache cannot answer.

import type { Address } from 'viem';
import type { DappEnv } from './env.ts';
import { refused, unreachable } from './service-error.ts';
import { joinUrl } from './url.ts';

export interface OwnedIds {
  readonly ids: readonly bigint[];
  readonly source: 'cache' | 'chain';
  /** Why the cache was not used (for the "read from the chain because …" note); `null` when it was. */
  readonly cacheProblem: string | null;
}

const DECIMAL = /^\d+$/;

export function ownercacheRequestUrl(base: string, network: string, key: string, wallet: Address): string {
  const query = new URLSearchParams({ network, nft_contract: key, user_wallet: wallet });
  return `${joinUrl(base, 'nfts')}?${query.toString()}`;
}

/** Asks the cache (`GET /nfts`, `X-API-Key`); any failure, or no cache key for the chain, falls back to the chain. */
export async function loadOwnedIds(
  env: Pick<DappEnv, 'config' | 'fetch' | 'chain'>,
  chain: string,
  owner: Address,
): Promise<OwnedIds> {
  const chainConfig = env.config.chains[chain];
  if (chainConfig === undefined) throw new Error(`The chain “${chain}” is not configured.`);
  let cacheProblem: string;
  if (chainConfig.ownercacheKey === null) {
    cacheProblem = 'The ownership cache does not index this chain.';
  } else {
    try {
      const ids = await fromCache(env, chain, chainConfig.ownercacheKey, owner);
      return { ids, source: 'cache', cacheProblem: null };
    } catch (error) {
      cacheProblem = error instanceof Error ? error.message : String(error);
    }
  }
  try {
    const ids = await env.chain.ownedIdsOnChain(chain, owner);
    return { ids, source: 'chain', cacheProblem };
  } catch (error) {
    throw new Error(
      `Could not find this wallet's positions. ${cacheProblem} Reading the chain failed too: ${chainWords(error)}`,
      { cause: error },
    );
  }
}

async function fromCache(
  env: Pick<DappEnv, 'config' | 'fetch'>,
  network: string,
  key: string,
  owner: Address,
): Promise<bigint[]> {
  const url = ownercacheRequestUrl(env.config.ownercacheUrl, network, key, owner);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (env.config.ownercacheApiKey !== null) headers['X-API-Key'] = env.config.ownercacheApiKey;
  let response: Response;
  try {
    response = await env.fetch(url, { headers });
  } catch (error) {
    throw unreachable('ownership cache', env.config.ownercacheUrl, error);
  }
  const body = await response.text();
  if (!response.ok) throw refused('ownership cache', env.config.ownercacheUrl, response.status, body);
  return parseTokenIds(body);
}

/** The cache answers `{ token_ids: ["1", "7", …], … }` with decimal strings. */
export function parseTokenIds(body: string): bigint[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new Error('The ownership cache answered something that is not JSON.', { cause: error });
  }
  const ids = typeof json === 'object' && json !== null ? (json as Record<string, unknown>).token_ids : undefined;
  if (!Array.isArray(ids)) throw new Error('The ownership cache answer has no token_ids list.');
  return ids.map((id) => {
    if (typeof id === 'string' && DECIMAL.test(id)) return BigInt(id);
    if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return BigInt(id);
    throw new Error(`The ownership cache listed an invalid token id: ${JSON.stringify(id)}.`);
  });
}

/** viem's errors carry a one-line `shortMessage`; their full message lists every request detail. */
function chainWords(error: unknown): string {
  const short = typeof error === 'object' && error !== null ? (error as { shortMessage?: unknown }).shortMessage : null;
  if (typeof short === 'string') return short;
  return error instanceof Error ? error.message : String(error);
}
