// WalletConnect through @wagmi/core: its walletConnect connector shows Reown AppKit's QR modal. Loaded on demand only.

import { walletConnect } from '@wagmi/connectors';
import { connect, createConfig, disconnect, http, watchConnection } from '@wagmi/core';
import { type Address, defineChain } from 'viem';
import type { ChainConfig } from './runtime-config.ts';

export interface WalletConnectSession {
  readonly address: Address;
  /** Ends the WalletConnect session. */
  disconnect(): Promise<void>;
}

/** Opens AppKit's modal and resolves once a wallet approved the session; `onAccount` follows later changes. */
export async function connectWalletConnect(options: {
  projectId: string;
  chains: Readonly<Record<string, ChainConfig>>;
  origin: string;
  onAccount: (address: Address | null) => void;
}): Promise<WalletConnectSession> {
  const chains = Object.entries(options.chains).map(([name, chain]) =>
    defineChain({
      id: chain.chainId,
      name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpc] } },
    }),
  );
  const [first, ...rest] = chains;
  if (first === undefined) throw new Error('no chains are configured');
  const config = createConfig({
    chains: [first, ...rest],
    connectors: [
      walletConnect({
        projectId: options.projectId,
        showQrModal: true,
        metadata: {
          name: 'Keel',
          description: 'Loan-position alerts',
          url: options.origin,
          icons: [],
        },
      }),
    ],
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])])),
    multiInjectedProviderDiscovery: false,
  });
  const connector = config.connectors[0];
  if (connector === undefined) throw new Error('the WalletConnect connector did not load');
  const result = await connect(config, { connector });
  const address = result.accounts[0];
  if (address === undefined) throw new Error('the wallet shared no account');
  const stop = watchConnection(config, {
    onChange: (connection) => options.onAccount(connection.address ?? null),
  });
  return {
    address,
    disconnect: async () => {
      stop();
      await disconnect(config);
    },
  };
}
