// Answers against a real chain: exact before and after transfers and burns, sources, freshness, persistence.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { tempDir, waitFor } from '@keel/kit/testing';
import { startChain, type TestChain, WALLETS } from './support/chain.ts';
import { startTestOwnercache, type TestOwnercache } from './support/test-ownercache.ts';

const [alice, bob, carol, dave, erin] = WALLETS as [
  `0x${string}`,
  `0x${string}`,
  `0x${string}`,
  `0x${string}`,
  `0x${string}`,
];
const MAX = 2_500n;
let chain: TestChain;

beforeAll(async () => {
  chain = await startChain();
  // 2,400 tokens over four wallets, ids 1..2400; then some moves and burns before the cache ever looks.
  await chain.mintRange(alice, 1n, 900);
  await chain.mintRange(bob, 901n, 700);
  await chain.mintRange(carol, 1601n, 500);
  await chain.mintRange(dave, 2101n, 300);
  await chain.transfer(alice, bob, 5n);
  await chain.transfer(bob, carol, 950n);
  await chain.burn(carol, 1700n);
  await chain.burn(alice, 10n);
});
afterAll(() => chain[Symbol.asyncDispose]());

const query = (wallet: string) => ({ network: 'base', nft_contract: 'positions', user_wallet: wallet });

describe('answers from the index', () => {
  let cache: TestOwnercache;
  beforeAll(async () => {
    cache = await startTestOwnercache([chain.entry(MAX)], chain.rpcUrl, { rpc: { scanBatch: 500 } });
  });
  afterAll(() => cache[Symbol.asyncDispose]());

  test('the first answer waits for the build and comes from the chain; later ones from the cache', async () => {
    const first = await cache.nfts(query(alice));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ source: 'chain', stale: false });
    const second = await cache.nfts(query(alice.toLowerCase()));
    expect(second.json).toMatchObject({
      network: 'base',
      nft_contract: 'positions',
      contract_address: chain.positions.address,
      user_wallet: alice,
      token_ids: chain.expected(alice),
      block_number: expect.any(Number),
      source: 'cache',
      stale: false,
    });
    expect(Date.parse(String(second.json.expires_at)) - Date.parse(String(second.json.updated_at))).toBe(3_600_000);
  });

  test('every wallet gets exactly its tokens, numerically sorted', async () => {
    for (const wallet of [alice, bob, carol, dave, erin]) {
      const { json } = await cache.nfts(query(wallet));
      expect(json.token_ids).toEqual(chain.expected(wallet));
    }
    expect(((await cache.nfts(query(bob))).json.token_ids as string[]).slice(0, 3)).toEqual(['5', '901', '902']);
  });

  test('transfers, burns and mints above max_token_id show up once the logs are followed', async () => {
    await chain.transfer(alice, erin, 100n);
    await chain.transfer(dave, erin, 2200n);
    await chain.burn(bob, 5n);
    await chain.mintRange(erin, 4000n, 3);
    for (const wallet of [alice, bob, dave, erin]) {
      await waitFor(
        async () =>
          JSON.stringify((await cache.nfts(query(wallet))).json.token_ids) === JSON.stringify(chain.expected(wallet)),
        {
          what: `${wallet} to be current`,
        },
      );
    }
    expect((await cache.nfts(query(erin))).json.token_ids).toEqual(['100', '2200', '4000', '4001', '4002']);
  });

  test('/status reports each index', async () => {
    const status = (await (await fetch(`${cache.url}/status`)).json()) as { contracts: Record<string, unknown>[] };
    expect(status.contracts).toMatchObject([
      {
        key: 'positions',
        network: 'base',
        state: 'ready',
        tokens_known: chain.owners.size,
        scan: null,
        last_error: null,
      },
    ]);
    const html = await (await fetch(`${cache.url}/status`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<td>positions</td>');
  });
});

describe('persistence', () => {
  test('after a restart the index answers at once, without rescanning', async () => {
    await using dir = await tempDir('ownercache-restart-');
    const first = await startTestOwnercache([chain.entry(MAX)], chain.rpcUrl, {}, dir.path);
    await first.nfts(query(carol));
    await first[Symbol.asyncDispose]();

    await using second = await startTestOwnercache([chain.entry(MAX)], chain.rpcUrl, { buildWaitMs: 0 }, dir.path);
    const answer = await second.nfts(query(carol));
    expect(answer.json).toMatchObject({ source: 'cache', token_ids: chain.expected(carol) });
    const metrics = await (await fetch(`${second.url}/metrics`)).text();
    expect(metrics).not.toContain('method="eth_call"');
  });
});
