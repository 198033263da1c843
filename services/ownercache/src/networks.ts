// The networks the cache knows: their chain ids, the variable that names their RPC, the indexer's name for them.

export interface NetworkInfo {
  readonly name: string;
  readonly chainId: number;
  readonly rpcEnv: string;
  /** Alchemy's subdomain for the network (`base-mainnet`), used in the indexer URL template. */
  readonly indexerName: string;
}

export const NETWORKS: Readonly<Record<string, NetworkInfo>> = {
  mainnet: { name: 'mainnet', chainId: 1, rpcEnv: 'ETH_RPC_URL', indexerName: 'eth-mainnet' },
  base: { name: 'base', chainId: 8453, rpcEnv: 'BASE_RPC_URL', indexerName: 'base-mainnet' },
  arbitrum: { name: 'arbitrum', chainId: 42161, rpcEnv: 'ARB_RPC_URL', indexerName: 'arb-mainnet' },
};
