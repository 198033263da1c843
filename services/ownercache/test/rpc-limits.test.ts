// A provider that throttles, caps getLogs ranges or goes down: the scan slows instead of failing, and answers
// keep coming (stale, or from the indexer) with the right marks.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { tempDir, waitFor } from '@keel/kit/testing';
import { startChain, type TestChain, WALLETS } from './support/chain.ts';
import { indexerStandIn } from './support/indexer-stand-in.ts';
import { rateLimitedProxy } from './support/rate-limited-proxy.ts';
import { startTestOwnercache } from './support/test-ownercache.ts';

const [alice, bob, carol] = WALLETS as [`0x${string}`, `0x${string}`, `0x${string}`];
const query = (wallet: string) => ({ network: 'base', nft_contract: 'positions', user_wallet: wallet });
let chain: TestChain;

beforeAll(async () => {
  chain = await startChain();
  await chain.mintRange(alice, 1n, 1_500);
  await chain.mintRange(bob, 1_501n, 1_500);
});
afterAll(() => chain[Symbol.asyncDispose]());

describe('a throttling provider', () => {
  test('the scan completes within the budget, slowed down by 429s rather than failed', async () => {
    const budget = 12;
    await using proxy = rateLimitedProxy(chain.rpcUrl, { requestsPerSecond: budget, retryAfterSeconds: 1 });
    // Asks for five times the budget: the client has to learn the real limit from the 429s.
    await using cache = await startTestOwnercache([chain.entry(3_000n)], proxy.url, {
      buildWaitMs: 60_000,
      rpc: { requestsPerSecond: 40, maxConcurrency: 4, scanBatch: 100 },
    });
    const answer = await cache.nfts(query(bob));
    expect(answer.status).toBe(200);
    expect(answer.json.token_ids).toEqual(chain.expected(bob));
    // 31 scan requests plus block lookups went through; the proxy never let more than the budget past,
    // and the client's own pacing kept the refusals to a small share.
    expect(proxy.admitted.length).toBeGreaterThanOrEqual(31);
    expect(proxy.maxAdmittedInAnyWindow(1_000)).toBeLessThanOrEqual(budget);
    expect(proxy.refused).toBeLessThanOrEqual(Math.ceil(proxy.admitted.length * 0.25));
  });

  test('narrow getLogs limits shrink the block range until the logs fit', async () => {
    await using proxy = rateLimitedProxy(chain.rpcUrl, { requestsPerSecond: 10_000, failRanges: { maxBlockRange: 3 } });
    await using cache = await startTestOwnercache([chain.entry(3_000n)], proxy.url, { rpc: { maxLogRange: 1_000 } });
    await cache.nfts(query(alice));
    for (let id = 1n; id <= 6n; id++) await chain.transfer(alice, carol, id);
    await waitFor(
      async () =>
        JSON.stringify((await cache.nfts(query(carol))).json.token_ids) === JSON.stringify(chain.expected(carol)),
      {
        what: 'six transfers in six blocks to be followed through a 3-block range cap',
      },
    );
  });
});

describe('a provider outage', () => {
  test('with nothing cached, the indexer answers, marked as such', async () => {
    await using proxy = rateLimitedProxy(chain.rpcUrl, { requestsPerSecond: 10_000 });
    proxy.down();
    await using indexer = indexerStandIn({ rpcUrl: chain.rpcUrl, apiKey: 'indexer-key' });
    await using cache = await startTestOwnercache([chain.entry(3_000n)], proxy.url, {
      buildWaitMs: 200,
      indexer: { urlTemplate: `${indexer.baseUrl}/{key}`, apiKey: 'indexer-key' },
    });
    const answer = await cache.nfts(query(bob));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ source: 'indexer', token_ids: chain.expected(bob), stale: false });
    // The indexer's answer is kept for the TTL: asking again does not cost another indexer call.
    const calls = indexer.requests;
    await cache.nfts(query(bob));
    expect(indexer.requests).toBe(calls);
  });

  test('once the TTL has passed and the RPC is down, the cached answer is served at once, marked stale', async () => {
    await using dir = await tempDir('ownercache-stale-');
    await using proxy = rateLimitedProxy(chain.rpcUrl, { requestsPerSecond: 10_000 });
    const first = await startTestOwnercache([chain.entry(3_000n)], proxy.url, {}, dir.path);
    const fresh = await first.nfts(query(alice));
    await first[Symbol.asyncDispose]();
    proxy.down();
    await using second = await startTestOwnercache([chain.entry(3_000n)], proxy.url, { ttlMs: 1 }, dir.path);
    await Bun.sleep(5);
    const stale = await second.nfts(query(alice));
    expect(stale.status).toBe(200);
    expect(stale.json).toMatchObject({ source: 'cache', stale: true, token_ids: fresh.json.token_ids });
  });
});

describe('a chain that was reset', () => {
  test('an index whose head block is gone is rebuilt instead of trusted', async () => {
    await using dir = await tempDir('ownercache-reset-');
    const entry = chain.entry(3_000n);
    const first = await startTestOwnercache([entry], chain.rpcUrl, {}, dir.path);
    await first.nfts(query(alice));
    await first[Symbol.asyncDispose]();
    // A new chain at the same contract address (same deployer, same nonce) with other owners.
    await using fresh = await startChain();
    await fresh.mintRange(carol, 1n, 10);
    expect(fresh.positions.address).toBe(entry.address);
    await using second = await startTestOwnercache([entry], fresh.rpcUrl, {}, dir.path);
    await waitFor(async () => ((await second.nfts(query(carol))).json.token_ids as string[]).length === 10, {
      what: 'the rebuilt index',
    });
    expect((await second.nfts(query(alice))).json.token_ids).toEqual([]);
  });
});
