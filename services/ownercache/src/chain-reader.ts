// Typed reads of one chain through the paced RPC client: blocks, ownerOf via Multicall3, Transfer logs.

import {
  decodeFunctionResult,
  encodeFunctionData,
  erc721Abi,
  getAddress,
  type Hex,
  multicall3Abi,
  numberToHex,
  toEventSelector,
  zeroAddress,
} from 'viem';
import type { RpcClient } from './rpc/rpc-client.ts';

/** Same address on every chain the cache serves (mds1/multicall3); tests deploy it on anvil. */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';
export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');

export interface BlockRef {
  readonly number: bigint;
  readonly hash: Hex;
}

/** One ERC-721 Transfer: `to` is `null` for a burn. */
export interface TransferEvent {
  readonly tokenId: bigint;
  readonly to: `0x${string}` | null;
  readonly blockNumber: bigint;
  readonly logIndex: number;
}

interface RpcBlock {
  number: Hex;
  hash: Hex;
}

interface RpcLog {
  topics: Hex[];
  blockNumber: Hex;
  logIndex: Hex;
  removed?: boolean;
}

export class ChainReader {
  readonly #rpc: RpcClient;

  constructor(rpc: RpcClient) {
    this.#rpc = rpc;
  }

  /** The head block's number and hash in one request. */
  async latestBlock(): Promise<BlockRef> {
    const block = await this.#rpc.call<RpcBlock | null>('eth_getBlockByNumber', ['latest', false]);
    if (block === null) throw new Error('the node returned no latest block');
    return { number: BigInt(block.number), hash: block.hash };
  }

  /** The hash of block `number`, or `null` when the chain has no such block (reset, or not yet mined). */
  async blockHash(number: bigint): Promise<Hex | null> {
    const block = await this.#rpc.call<RpcBlock | null>('eth_getBlockByNumber', [numberToHex(number), false]);
    return block?.hash ?? null;
  }

  /**
   * `ownerOf(id)` for every id in one Multicall3 `aggregate3` at `block`, failures allowed: a reverted call
   * (burned or never minted) gives `null`.
   */
  async ownersAt(contract: `0x${string}`, ids: readonly bigint[], block: bigint): Promise<(`0x${string}` | null)[]> {
    const calls = ids.map((id) => ({
      target: contract,
      allowFailure: true,
      callData: encodeFunctionData({ abi: erc721Abi, functionName: 'ownerOf', args: [id] }),
    }));
    const data = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] });
    const raw = await this.#rpc.call<Hex>('eth_call', [{ to: MULTICALL3_ADDRESS, data }, numberToHex(block)]);
    const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: raw });
    return results.map((result) => {
      if (!result.success || result.returnData.length < 66) return null;
      const owner = decodeFunctionResult({ abi: erc721Abi, functionName: 'ownerOf', data: result.returnData });
      return owner === zeroAddress ? null : getAddress(owner);
    });
  }

  /** ERC-721 Transfer logs of `contract` in [from, to], in chain order. ERC-20 Transfers (3 topics) are skipped. */
  async transfers(contract: `0x${string}`, from: bigint, to: bigint): Promise<TransferEvent[]> {
    const logs = await this.#rpc.call<RpcLog[]>('eth_getLogs', [
      { address: contract, topics: [TRANSFER_TOPIC], fromBlock: numberToHex(from), toBlock: numberToHex(to) },
    ]);
    return logs
      .filter((log) => log.topics.length === 4 && log.removed !== true)
      .map((log) => {
        const recipient = `0x${(log.topics[2] ?? '').slice(26)}`;
        return {
          tokenId: BigInt(log.topics[3] ?? '0x0'),
          to: BigInt(recipient) === 0n ? null : getAddress(recipient),
          blockNumber: BigInt(log.blockNumber),
          logIndex: Number(log.logIndex),
        };
      })
      .sort((a, b) =>
        a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
      );
  }
}
