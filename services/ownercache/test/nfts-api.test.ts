// GET /nfts request validation, auth and CORS; no chain needed to refuse a bad request.

import { afterAll, beforeAll, expect, test } from 'bun:test';
import { API_KEY, startTestOwnercache, type TestOwnercache } from './support/test-ownercache.ts';

const CONTRACT = '0x324c5Dc1fC42c7a4D43d92df1eBA58a54d13Bf2d' as const;
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let cache: TestOwnercache;

beforeAll(async () => {
  // An RPC nobody listens on: the index never builds, which these requests never need.
  cache = await startTestOwnercache(
    [{ key: 'fluid-base', network: 'base', address: CONTRACT, maxTokenId: 100n }],
    'http://127.0.0.1:9',
    {
      buildWaitMs: 0,
      cors: {
        allowOrigins: ['https://app.example.com'],
        allowMethods: 'GET,OPTIONS',
        allowHeaders: 'X-API-Key',
        maxAgeSeconds: 600,
      },
    },
  );
});
afterAll(() => cache[Symbol.asyncDispose]());

const good = { network: 'base', nft_contract: 'fluid-base', user_wallet: WALLET };

test.each<[string, string, number, string, string | null]>([
  ['no network', `nft_contract=fluid-base&user_wallet=${WALLET}`, 400, 'invalid_parameter', 'network'],
  ['no nft_contract', `network=base&user_wallet=${WALLET}`, 400, 'invalid_parameter', 'nft_contract'],
  ['no user_wallet', 'network=base&nft_contract=fluid-base', 400, 'invalid_parameter', 'user_wallet'],
  [
    'an empty user_wallet',
    'network=base&nft_contract=fluid-base&user_wallet=',
    400,
    'invalid_parameter',
    'user_wallet',
  ],
  [
    'a short wallet',
    'network=base&nft_contract=fluid-base&user_wallet=0x1234',
    400,
    'invalid_parameter',
    'user_wallet',
  ],
  [
    'a wallet without 0x',
    `network=base&nft_contract=fluid-base&user_wallet=${WALLET.slice(2)}`,
    400,
    'invalid_parameter',
    'user_wallet',
  ],
  [
    'a wallet with a bad checksum',
    `network=base&nft_contract=fluid-base&user_wallet=${WALLET.replace('C5', 'c5')}`,
    400,
    'invalid_parameter',
    'user_wallet',
  ],
  [
    'a wallet that is not hex',
    'network=base&nft_contract=fluid-base&user_wallet=0xZZ997970C51812dc3A010C7d01b50e0d17dc79C8',
    400,
    'invalid_parameter',
    'user_wallet',
  ],
  [
    'an unknown parameter',
    `network=base&nft_contract=fluid-base&user_wallet=${WALLET}&chain=8453`,
    400,
    'invalid_parameter',
    'chain',
  ],
  [
    'a parameter given twice',
    `network=base&network=arbitrum&nft_contract=fluid-base&user_wallet=${WALLET}`,
    400,
    'invalid_parameter',
    'network',
  ],
  ['an unknown contract key', `network=base&nft_contract=uniswap&user_wallet=${WALLET}`, 404, 'unknown_contract', null],
  [
    'a network that is not the contract’s',
    `network=arbitrum&nft_contract=fluid-base&user_wallet=${WALLET}`,
    404,
    'network_mismatch',
    null,
  ],
  ['an unknown network', `network=solana&nft_contract=fluid-base&user_wallet=${WALLET}`, 404, 'network_mismatch', null],
])('%s is refused', async (_name, queryString, status, code, parameter) => {
  const response = await fetch(`${cache.url}/nfts?${queryString}`, { headers: { 'x-api-key': API_KEY } });
  const json = (await response.json()) as Record<string, unknown>;
  expect(response.status).toBe(status);
  expect(json.code).toBe(code);
  expect(json.parameter ?? null).toBe(parameter);
  expect(String(json.message).length).toBeGreaterThan(8);
});

test.each([
  ['no key', {}],
  ['a wrong key', { 'x-api-key': `${API_KEY}0` }],
])('%s is 401', async (_name, headers) => {
  const response = await fetch(`${cache.url}/nfts?${new URLSearchParams(good)}`, { headers });
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ code: 'unauthorized' });
});

test('with nothing cached and the RPC down, the answer is 503 with Retry-After', async () => {
  const response = await cache.nfts(good);
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(response.json).toMatchObject({ code: 'unavailable' });
});

test('CORS: the allowed origin gets its preflight answered, others nothing', async () => {
  const preflight = (origin: string) =>
    fetch(`${cache.url}/nfts`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
  expect((await preflight('https://app.example.com')).headers.get('access-control-allow-origin')).toBe(
    'https://app.example.com',
  );
  expect((await preflight('https://evil.example.com')).headers.get('access-control-allow-origin')).toBeNull();
});
