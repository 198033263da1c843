import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  ANVIL_ACCOUNTS,
  type Anvil,
  deployTestPositions,
  ensureMulticall3,
  startAnvil,
  type TestPositions,
  testPositionsAbi,
} from '@keel/devchain';
import { type Address, createPublicClient, createTestClient, http } from 'viem';
import { indexerStandIn } from './support/indexer-stand-in.ts';
import { rateLimitedProxy } from './support/rate-limited-proxy.ts';

const [alice, bob, carol, dave] = ANVIL_ACCOUNTS.slice(1, 5).map((account) => account.address) as [
  Address,
  Address,
  Address,
  Address,
];
const API_KEY = 'stand-in-key';

let anvil: Anvil;
let multicallAddress: Address;

beforeAll(async () => {
  anvil = await startAnvil();
  multicallAddress = await ensureMulticall3(anvil.rpcUrl);
});
afterAll(() => anvil.stop());

function rpc(url: string, body: unknown) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
const blockNumberCall = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_blockNumber', params: [] });
const getLogsCall = (id: number, fromBlock: string, toBlock: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'eth_getLogs',
  params: [{ fromBlock, toBlock }],
});

describe('rateLimitedProxy', () => {
  test('a burst of 50 concurrent requests gets the budget admitted with true answers and the rest 429', async () => {
    await using proxy = rateLimitedProxy(anvil.rpcUrl, { requestsPerSecond: 10 });
    const head = (await (await rpc(anvil.rpcUrl, blockNumberCall(1))).json()) as { result: string };

    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => rpc(proxy.url, blockNumberCall(i))));

    const ok = responses.filter((response) => response.status === 200);
    const limited = responses.filter((response) => response.status === 429);
    expect([ok.length, limited.length]).toEqual([10, 40]);
    expect([proxy.admitted.length, proxy.refused]).toEqual([10, 40]);
    expect(proxy.maxAdmittedInAnyWindow(1_000)).toBe(10);
    for (const response of ok) expect(((await response.json()) as { result: string }).result).toBe(head.result);
    for (const response of limited) {
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.text()).toBe(
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32005,"message":"rate limit exceeded"}}',
      );
    }
  });

  test('under sustained pressure no sliding one-second window admits more than the budget', async () => {
    await using proxy = rateLimitedProxy(anvil.rpcUrl, { requestsPerSecond: 5, retryAfterSeconds: 3 });
    const hammer = async () => {
      while (proxy.admitted.length < 12) {
        const response = await rpc(proxy.url, blockNumberCall(1));
        if (response.status === 429) expect(response.headers.get('retry-after')).toBe('3');
        await response.arrayBuffer();
      }
    };
    await Promise.all([hammer(), hammer(), hammer()]);

    expect(proxy.maxAdmittedInAnyWindow(1_000)).toBeLessThanOrEqual(5);
    expect(proxy.refused).toBeGreaterThan(0);
    // The admitted requests spread over more than two windows: the budget refilled, it did not just run out.
    expect((proxy.admitted.at(-1) ?? 0) - (proxy.admitted[0] ?? 0)).toBeGreaterThanOrEqual(2_000);
  });

  test('a JSON-RPC batch is one request against the budget and is relayed whole', async () => {
    await using proxy = rateLimitedProxy(anvil.rpcUrl, { requestsPerSecond: 1 });
    const response = await rpc(proxy.url, [blockNumberCall(1), blockNumberCall(2), blockNumberCall(3)]);
    const answers = (await response.json()) as { id: number; result: string }[];
    expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2, 3]);
    expect(proxy.admitted).toHaveLength(1);
    expect((await rpc(proxy.url, blockNumberCall(4))).status).toBe(429);
  });

  test('eth_getLogs wider than maxBlockRange gets the provider error, narrower ones the real logs', async () => {
    const client = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    await client.mine({ blocks: 20 });
    await using proxy = rateLimitedProxy(anvil.rpcUrl, { requestsPerSecond: 1_000, failRanges: { maxBlockRange: 10 } });
    const rangeError = { code: -32602, message: 'eth_getLogs is limited to a 10 block range' };

    const narrow = await rpc(proxy.url, getLogsCall(1, '0x0', '0x9'));
    expect(narrow.status).toBe(200);
    expect(await narrow.json()).toEqual({ jsonrpc: '2.0', id: 1, result: [] });

    const wide = await rpc(proxy.url, getLogsCall(2, '0x0', '0xa'));
    expect(wide.status).toBe(200);
    expect(await wide.json()).toEqual({ jsonrpc: '2.0', id: 2, error: rangeError });

    // Tags count too: earliest..latest spans the whole chain.
    expect(await (await rpc(proxy.url, getLogsCall(3, 'earliest', 'latest'))).json()).toMatchObject({
      error: rangeError,
    });

    // In a batch only the offending call fails, and answers keep the request's order.
    const batch = (await (await rpc(proxy.url, [getLogsCall(4, '0x0', '0x14'), blockNumberCall(5)])).json()) as {
      id: number;
    }[];
    expect(batch.map((answer) => answer.id)).toEqual([4, 5]);
    expect(batch[0]).toMatchObject({ error: rangeError });
    expect(batch[1]).toMatchObject({ result: expect.stringMatching(/^0x/) });

    // What a viem-based service sees.
    const viaProxy = createPublicClient({ transport: http(proxy.url, { retryCount: 0 }) });
    await expect(viaProxy.getLogs({ fromBlock: 0n, toBlock: 15n })).rejects.toThrow(/limited to a 10 block range/);
    expect(await viaProxy.getLogs({ fromBlock: 5n, toBlock: 14n })).toEqual([]);
  });

  test('down() answers 503 to everything until up()', async () => {
    await using proxy = rateLimitedProxy(anvil.rpcUrl, { requestsPerSecond: 1_000 });
    proxy.down();
    const during = await Promise.all([rpc(proxy.url, blockNumberCall(1)), fetch(proxy.url)]);
    expect(during.map((response) => response.status)).toEqual([503, 503]);
    expect(proxy.admitted).toHaveLength(0);

    proxy.up();
    const after = await rpc(proxy.url, blockNumberCall(2));
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ id: 2, result: expect.stringMatching(/^0x/) });
  });
});

describe('indexerStandIn', () => {
  let positions: TestPositions;
  let other: TestPositions;

  beforeAll(async () => {
    positions = await deployTestPositions(anvil.rpcUrl);
    other = await deployTestPositions(anvil.rpcUrl);
    await positions.mintRange(alice, 1, 40);
    await positions.mintRange(bob, 101, 10);
    await positions.mintRange(carol, 1_001, 250);
    await positions.transfer(alice, bob, 5);
    await positions.transfer(bob, alice, 103);
    await positions.burn(alice, 7);
    await positions.burn(bob, 110);
    await other.mintRange(alice, 1, 3);
  });

  interface Page {
    ownedNfts: { contract: { address: string }; tokenId: string; tokenType: string; balance: string }[];
    totalCount: number;
    pageKey?: string;
    validAt: { blockNumber: number; blockHash: string; blockTimestamp: string };
  }

  async function page(baseUrl: string, query: Record<string, string>, key = API_KEY) {
    const response = await fetch(`${baseUrl}/${key}/getNFTsForOwner?${new URLSearchParams(query)}`);
    return { status: response.status, body: (await response.json()) as Page };
  }

  async function allPages(baseUrl: string, query: Record<string, string>): Promise<Page[]> {
    const pages: Page[] = [];
    let pageKey: string | undefined;
    do {
      const { status, body } = await page(baseUrl, pageKey === undefined ? query : { ...query, pageKey });
      expect(status).toBe(200);
      pages.push(body);
      pageKey = body.pageKey;
    } while (pageKey !== undefined);
    return pages;
  }

  /** The truth: ownerOf for every id ever minted, through Multicall3. */
  async function ownedPerOwnerOf(wallet: Address): Promise<string[]> {
    const ids = [
      ...Array.from({ length: 40 }, (_, i) => BigInt(1 + i)),
      ...Array.from({ length: 10 }, (_, i) => BigInt(101 + i)),
      ...Array.from({ length: 250 }, (_, i) => BigInt(1_001 + i)),
    ];
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const results = await client.multicall({
      multicallAddress,
      contracts: ids.map(
        (id) => ({ address: positions.address, abi: testPositionsAbi, functionName: 'ownerOf', args: [id] }) as const,
      ),
    });
    return ids.filter((_, i) => results[i]?.result === wallet).map(String);
  }

  test.each([
    ['alice', () => alice],
    ['bob', () => bob],
    ['carol', () => carol],
    ['dave (who holds none)', () => dave],
  ])('answers exactly what ownerOf says for %s after mints, transfers and burns', async (_name, wallet) => {
    await using standIn = indexerStandIn({ rpcUrl: anvil.rpcUrl, apiKey: API_KEY });
    const pages = await allPages(standIn.baseUrl, {
      owner: wallet(),
      'contractAddresses[]': positions.address,
      withMetadata: 'false',
      pageSize: '100',
    });
    const tokenIds = pages.flatMap((p) => p.ownedNfts.map((nft) => nft.tokenId));
    expect(tokenIds).toEqual(await ownedPerOwnerOf(wallet()));
    expect(pages[0]?.totalCount).toBe(tokenIds.length);
  });

  test('250 tokens come back as pages of 100, 100 and 50, pinned to one block, the last without a pageKey', async () => {
    await using standIn = indexerStandIn({ rpcUrl: anvil.rpcUrl, apiKey: API_KEY });
    const pages = await allPages(standIn.baseUrl, { owner: carol, 'contractAddresses[]': positions.address });

    expect(pages.map((p) => p.ownedNfts.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.totalCount)).toEqual([250, 250, 250]);
    expect(pages.map((p) => p.pageKey === undefined)).toEqual([false, false, true]);
    expect(new Set(pages.map((p) => JSON.stringify(p.validAt))).size).toBe(1);
    expect(pages[0]?.ownedNfts[0]).toEqual({
      contract: { address: positions.address },
      tokenId: '1001',
      tokenType: 'ERC721',
      balance: '1',
    });
    expect(pages[0]?.validAt).toMatchObject({
      blockHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      blockTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(standIn.requests).toBe(3);
  });

  test('later pages answer at the first page’s block even when the chain moved on in between', async () => {
    await using standIn = indexerStandIn({ rpcUrl: anvil.rpcUrl, apiKey: API_KEY });
    const query = { owner: carol, 'contractAddresses[]': positions.address, pageSize: '100' };
    const first = await page(standIn.baseUrl, query);
    await positions.transfer(carol, dave, 1_250);
    try {
      const rest = await allPages(standIn.baseUrl, { ...query, pageKey: first.body.pageKey ?? '' });
      const ids = [first.body, ...rest].flatMap((p) => p.ownedNfts.map((nft) => nft.tokenId));
      expect(ids).toHaveLength(250);
      expect(ids.at(-1)).toBe('1250');

      const fresh = await page(standIn.baseUrl, query);
      expect(fresh.body.totalCount).toBe(249);
      expect(fresh.body.validAt.blockNumber).toBeGreaterThan(first.body.validAt.blockNumber);
    } finally {
      await positions.transfer(dave, carol, 1_250);
    }
  });

  test('without a contract filter every ERC-721 the wallet holds is listed, by contract then token id', async () => {
    await using standIn = indexerStandIn({ rpcUrl: anvil.rpcUrl, apiKey: API_KEY });
    const pages = await allPages(standIn.baseUrl, { owner: alice });
    const listed = pages.flatMap((p) => p.ownedNfts.map((nft) => `${nft.contract.address}:${nft.tokenId}`));
    const expected = [
      ...(await ownedPerOwnerOf(alice)).map((id) => `${positions.address}:${id}`),
      ...['1', '2', '3'].map((id) => `${other.address}:${id}`),
    ].sort((a, b) => {
      const [contractA = '', idA = '0'] = a.split(':');
      const [contractB = '', idB = '0'] = b.split(':');
      return contractA.toLowerCase().localeCompare(contractB.toLowerCase()) || Number(idA) - Number(idB);
    });
    expect(listed).toEqual(expected);
  });

  test('accepts contractAddresses= as well as contractAddresses[]=, and a smaller pageSize', async () => {
    await using standIn = indexerStandIn({ rpcUrl: anvil.rpcUrl, apiKey: API_KEY });
    const pages = await allPages(standIn.baseUrl, { owner: alice, contractAddresses: other.address, pageSize: '2' });
    expect(pages.map((p) => p.ownedNfts.map((nft) => nft.tokenId))).toEqual([['1', '2'], ['3']]);
  });

  test('a wrong API key is refused with 401 and a JSON error', async () => {
    await using standIn = indexerStandIn({ rpcUrl: anvil.rpcUrl, apiKey: API_KEY });
    const response = await page(standIn.baseUrl, { owner: alice }, 'not-the-key');
    expect(response).toEqual({
      status: 401,
      body: expect.objectContaining({ error: { message: expect.any(String) } }),
    });
    expect(standIn.requests).toBe(1);
  });

  test.each([
    ['no owner', {}],
    ['an owner that is not an address', { owner: 'alice' }],
    ['a contract filter that is not an address', { owner: alice, 'contractAddresses[]': '0x1234' }],
    ['a pageSize of 0', { owner: alice, pageSize: '0' }],
    ['a made-up pageKey', { owner: alice, pageKey: 'not-a-key' }],
  ])('%s is a 400 with a JSON error', async (_name, query: Record<string, string>) => {
    await using standIn = indexerStandIn({ rpcUrl: anvil.rpcUrl, apiKey: API_KEY });
    const response = await page(standIn.baseUrl, query);
    expect(response).toEqual({
      status: 400,
      body: expect.objectContaining({ error: { message: expect.any(String) } }),
    });
  });

  test('works behind its base URL the way the service builds request URLs', async () => {
    await using standIn = indexerStandIn({ rpcUrl: anvil.rpcUrl, apiKey: API_KEY });
    expect(standIn.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/nft\/v3$/);
    const response = await fetch(`${standIn.baseUrl}/${API_KEY}/getNFTsForOwner?owner=${bob}&withMetadata=false`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Page).totalCount).toBe((await ownedPerOwnerOf(bob)).length);
  });
});
