import { describe, expect, test } from 'bun:test';
import type { Address } from 'viem';
import type { ChainAccess } from '../src/lib/env.ts';
import { loadOwnedIds, ownercacheRequestUrl, parseTokenIds } from '../src/lib/owned-ids.ts';
import type { RuntimeConfig } from '../src/lib/runtime-config.ts';
import { config, OWNER } from './config-fixture.ts';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

function setup(fetch: Fetch, chainIds: bigint[] | Error = [7n], overrides: Partial<RuntimeConfig> = {}) {
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const chainReads: { chain: string; owner: Address }[] = [];
  const chain: ChainAccess = {
    readPosition: () => Promise.reject(new Error('not used')),
    ownedIdsOnChain: async (name, owner) => {
      chainReads.push({ chain: name, owner });
      if (chainIds instanceof Error) throw chainIds;
      return chainIds;
    },
  };
  const env = {
    config: config(overrides),
    chain,
    fetch: async (url: string, init?: RequestInit) => {
      requests.push({ url, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
      return fetch(url, init);
    },
  };
  return { env, requests, chainReads };
}

test('ownercacheRequestUrl names network, contract key and wallet under the base', () => {
  expect(ownercacheRequestUrl('/ownercache/', 'base', 'ref-positions', OWNER)).toBe(
    `/ownercache/nfts?network=base&nft_contract=ref-positions&user_wallet=${OWNER}`,
  );
});

describe('loadOwnedIds', () => {
  test('uses the cache when it answers, sending the API key', async () => {
    const { env, requests, chainReads } = setup(async () => Response.json({ token_ids: ['1', '12'] }));
    expect(await loadOwnedIds(env, 'base', OWNER)).toEqual({ ids: [1n, 12n], source: 'cache', cacheProblem: null });
    expect(requests).toEqual([
      {
        url: `/ownercache/nfts?network=base&nft_contract=ref-positions&user_wallet=${OWNER}`,
        headers: { accept: 'application/json', 'x-api-key': 'cache-key' },
      },
    ]);
    expect(chainReads).toEqual([]);
  });

  test('reads the chain when the cache cannot be reached', async () => {
    const { env, chainReads } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadOwnedIds(env, 'base', OWNER)).toEqual({
      ids: [7n],
      source: 'chain',
      cacheProblem: 'The ownership cache at /ownercache could not be reached (is it running, is CORS allowed?).',
    });
    expect(chainReads).toEqual([{ chain: 'base', owner: OWNER }]);
  });

  test('reads the chain when the cache refuses the key', async () => {
    const { env } = setup(async () => Response.json({ code: 'unauthorized', message: 'bad key' }, { status: 401 }));
    const owned = await loadOwnedIds(env, 'base', OWNER);
    expect(owned.source).toBe('chain');
    expect(owned.cacheProblem).toBe('The ownership cache refused the API key (HTTP 401); check it in Alert settings.');
  });

  test('reads the chain when the cache answers nonsense', async () => {
    const { env } = setup(async () => new Response('<html>', { status: 200 }));
    expect((await loadOwnedIds(env, 'base', OWNER)).source).toBe('chain');
  });

  test('goes straight to the chain when the cache does not index the chain', async () => {
    const base = config().chains.base;
    if (base === undefined) throw new Error('fixture has no base chain');
    const { env, requests } = setup(async () => Response.json({ token_ids: [] }), [3n], {
      chains: { base: { ...base, ownercacheKey: null } },
    });
    expect(await loadOwnedIds(env, 'base', OWNER)).toEqual({
      ids: [3n],
      source: 'chain',
      cacheProblem: 'The ownership cache does not index this chain.',
    });
    expect(requests).toEqual([]);
  });

  test('says both failed when the chain fails too', async () => {
    const { env } = setup(async () => new Response('down', { status: 502 }), new Error('connection refused'));
    await expect(loadOwnedIds(env, 'base', OWNER)).rejects.toThrow(
      "Could not find this wallet's positions. The ownership cache is not answering behind the gateway (HTTP 502); is it running? Reading the chain failed too: connection refused",
    );
  });
});

describe('parseTokenIds', () => {
  test('takes decimal strings beyond the safe integer range', () => {
    expect(parseTokenIds('{"token_ids":["0","18446744073709551617"]}')).toEqual([0n, 18446744073709551617n]);
  });

  test('rejects an id that is not a decimal', () => {
    expect(() => parseTokenIds('{"token_ids":["0x1"]}')).toThrow('invalid token id');
  });
});
