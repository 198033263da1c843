// A stand-in for Alchemy's NFT API v3 getNFTsForOwner that answers from a real chain by replaying Transfer logs.

import {
  type Address,
  createPublicClient,
  getAddress,
  type Hex,
  http,
  isAddress,
  toEventSelector,
  zeroAddress,
} from 'viem';

export interface IndexerStandInOptions {
  readonly rpcUrl: string;
  readonly apiKey: string;
}

export interface IndexerStandIn extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/nft/v3`; requests go to `${baseUrl}/${apiKey}/getNFTsForOwner?...`. */
  readonly baseUrl: string;
  /** HTTP requests received, refused ones included. */
  readonly requests: number;
}

/** Alchemy: "pageSize ... Defaults to 100. Maximum page size is 100." */
const MAX_PAGE_SIZE = 100;
/** Alchemy's documented limit on `contractAddresses[]`. */
const MAX_CONTRACT_FILTER = 45;
const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');

interface OwnedNft {
  readonly contract: Address;
  readonly tokenId: bigint;
}

/** What a pageKey carries: the block the first page was answered at, and where the next page starts. */
interface Cursor {
  readonly block: string;
  readonly offset: number;
}

export function indexerStandIn({ rpcUrl, apiKey }: IndexerStandInOptions): IndexerStandIn {
  const client = createPublicClient({ transport: http(rpcUrl), cacheTime: 0 });
  let requests = 0;

  const getNftsForOwner = async (params: URLSearchParams): Promise<Response> => {
    const owner = params.get('owner') ?? '';
    if (!isAddress(owner, { strict: false })) return error(400, 'owner must be a 0x-prefixed 20-byte address');
    const contracts = [...params.getAll('contractAddresses[]'), ...params.getAll('contractAddresses')];
    if (contracts.length > MAX_CONTRACT_FILTER) {
      return error(400, `contractAddresses accepts at most ${MAX_CONTRACT_FILTER} addresses`);
    }
    const badContract = contracts.find((contract) => !isAddress(contract, { strict: false }));
    if (badContract !== undefined) return error(400, `contractAddresses: '${badContract}' is not an address`);
    const pageSize = Math.min(Number(params.get('pageSize') ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE);
    if (!Number.isInteger(pageSize) || pageSize < 1) return error(400, 'pageSize must be a positive integer');
    const cursor = params.has('pageKey') ? decodeCursor(params.get('pageKey') ?? '') : null;
    if (params.has('pageKey') && cursor === null) return error(400, 'invalid pageKey');

    // Later pages answer at the first page's block: "a static reference to the NFTs owned at time of the first call".
    const blockNumber = cursor === null ? await client.getBlockNumber() : BigInt(cursor.block);
    const offset = cursor?.offset ?? 0;
    const owned = await ownedAt(blockNumber, owner, contracts);
    const page = owned.slice(offset, offset + pageSize);
    const block = await client.getBlock({ blockNumber });
    const next =
      offset + pageSize < owned.length ? encodeCursor({ block: String(blockNumber), offset: offset + pageSize }) : null;
    return Response.json({
      ownedNfts: page.map((nft) => ({
        contract: { address: nft.contract },
        tokenId: nft.tokenId.toString(),
        tokenType: 'ERC721',
        balance: '1',
      })),
      totalCount: owned.length,
      ...(next === null ? {} : { pageKey: next }),
      validAt: {
        blockNumber: Number(blockNumber),
        blockHash: block.hash,
        blockTimestamp: new Date(Number(block.timestamp) * 1_000).toISOString().replace('.000Z', 'Z'),
      },
    });
  };

  /** Replays every ERC-721 Transfer up to `blockNumber`; ordered by contract address, then token id (Alchemy's default). */
  const ownedAt = async (blockNumber: bigint, owner: string, contracts: readonly string[]): Promise<OwnedNft[]> => {
    const logs = await client.request({
      method: 'eth_getLogs',
      params: [
        {
          ...(contracts.length === 0 ? {} : { address: contracts.map((contract) => getAddress(contract)) }),
          topics: [TRANSFER_TOPIC],
          fromBlock: '0x0',
          toBlock: `0x${blockNumber.toString(16)}`,
        },
      ],
    });
    const owners = new Map<string, { nft: OwnedNft; owner: string }>();
    const ordered = [...logs].sort(
      (a, b) =>
        compare(hexOrder(a.blockNumber), hexOrder(b.blockNumber)) ||
        compare(hexOrder(a.logIndex), hexOrder(b.logIndex)),
    );
    for (const log of ordered) {
      // Four topics: ERC-721's Transfer indexes the token id; ERC-20's shares the signature but has three.
      const [, , to, id] = log.topics;
      if (log.topics.length !== 4 || to === undefined || id === undefined) continue;
      const nft = { contract: getAddress(log.address), tokenId: BigInt(id) };
      const key = `${nft.contract}:${nft.tokenId}`;
      // A Transfer to the zero address is a burn: the token is no one's any more.
      if (topicAddress(to) === zeroAddress) owners.delete(key);
      else owners.set(key, { nft, owner: topicAddress(to) });
    }
    return [...owners.values()]
      .filter((entry) => entry.owner === owner.toLowerCase())
      .map((entry) => entry.nft)
      .sort((a, b) => compare(a.contract.toLowerCase(), b.contract.toLowerCase()) || compare(a.tokenId, b.tokenId));
  };

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (request) => {
      requests++;
      const url = new URL(request.url);
      const match = /^\/nft\/v3\/([^/]+)\/getNFTsForOwner\/?$/.exec(url.pathname);
      if (match === null) return error(404, `no route for ${request.method} ${url.pathname}`);
      if (decodeURIComponent(match[1] ?? '') !== apiKey) return error(401, 'Must be authenticated!');
      if (request.method !== 'GET') return error(405, 'getNFTsForOwner is a GET');
      try {
        return await getNftsForOwner(url.searchParams);
      } catch (cause) {
        return error(500, `chain read failed: ${cause instanceof Error ? cause.message : String(cause)}`);
      }
    },
  });

  return {
    baseUrl: `http://127.0.0.1:${server.port}/nft/v3`,
    get requests() {
      return requests;
    },
    [Symbol.asyncDispose]: () => server.stop(true),
  };
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(pageKey: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(pageKey, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null || !('block' in value) || !('offset' in value)) return null;
    const { block, offset } = value;
    if (typeof block !== 'string' || !/^\d+$/.test(block) || typeof offset !== 'number' || !Number.isInteger(offset)) {
      return null;
    }
    return { block, offset };
  } catch {
    // Not base64url JSON: the caller answers 400 "invalid pageKey".
    return null;
  }
}

function topicAddress(topic: Hex): string {
  return `0x${topic.slice(-40)}`.toLowerCase();
}

function hexOrder(value: Hex | null): bigint {
  return value === null ? 0n : BigInt(value);
}

function compare<T extends bigint | string>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Alchemy's error body: `{ "error": { "message": ... } }`. */
function error(status: number, message: string): Response {
  return Response.json({ error: { message } }, { status });
}
