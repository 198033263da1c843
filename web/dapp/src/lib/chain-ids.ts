// Reading a wallet's position NFTs straight from the chain: ERC721Enumerable for the reference NFT, the resolver for Fluid.

import type { Address, PublicClient } from 'viem';
import type { ChainConfig } from './runtime-config.ts';

const enumerableAbi = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'tokenOfOwnerByIndex',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'index', type: 'uint256' },
    ],
    outputs: [{ type: 'uint256' }],
  },
] as const;

/** Fluid's VaultResolver: every NFT id the user holds, across all vaults. */
const positionsNftIdOfUserAbi = [
  {
    type: 'function',
    name: 'positionsNftIdOfUser',
    stateMutability: 'view',
    inputs: [{ name: 'user_', type: 'address' }],
    outputs: [{ name: 'nftIds_', type: 'uint256[]' }],
  },
] as const;

/** A wallet holding more than this many positions is listed only up to it (each one is another RPC call). */
const MAX_ENUMERATED = 200n;

export async function ownedIdsOnChain(client: PublicClient, chain: ChainConfig, owner: Address): Promise<bigint[]> {
  if (chain.protocol === 'fluid') {
    if (chain.resolver === null) throw new Error('no Fluid resolver is configured for this chain');
    const ids = await client.readContract({
      address: chain.resolver,
      abi: positionsNftIdOfUserAbi,
      functionName: 'positionsNftIdOfUser',
      args: [owner],
    });
    return [...ids];
  }
  const balance = await client.readContract({
    address: chain.nft,
    abi: enumerableAbi,
    functionName: 'balanceOf',
    args: [owner],
  });
  const count = balance < MAX_ENUMERATED ? balance : MAX_ENUMERATED;
  const indexes = Array.from({ length: Number(count) }, (_, index) => BigInt(index));
  return Promise.all(
    indexes.map((index) =>
      client.readContract({
        address: chain.nft,
        abi: enumerableAbi,
        functionName: 'tokenOfOwnerByIndex',
        args: [owner, index],
      }),
    ),
  );
}
