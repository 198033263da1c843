// What the page learns at start from /config.js: service URLs and keys it may use, and the chains it offers.

import type { ChainConfig, WebappConfig } from './config.ts';

export type PublicChain = ChainConfig;

/** `window.__KEEL_CONFIG__`: the shape web/dapp's runtime-config.ts checks. */
export function publicConfig(config: Pick<WebappConfig, 'public' | 'notifierUrl' | 'chains'>) {
  const chains: Record<string, PublicChain> = {};
  for (const [name, chain] of Object.entries(config.chains)) {
    chains[name] = {
      chainId: chain.chainId,
      rpc: chain.rpc,
      protocol: chain.protocol,
      nft: chain.nft,
      resolver: chain.resolver,
      defaultPreset: chain.defaultPreset,
      presets: chain.presets.map(({ key, label, nft, debt }) => ({ key, label, nft, debt })),
      ownercacheKey: chain.ownercacheKey,
    };
  }
  return {
    walletProjectId: config.public.walletProjectId,
    enableMainnet: config.public.enableMainnet,
    notifierUrl: config.public.notifierUrl,
    schedulerUrl: config.public.schedulerUrl,
    ownercacheUrl: config.public.ownercacheUrl,
    schedulerApiKey: config.public.schedulerApiKey,
    ownercacheApiKey: config.public.ownercacheApiKey,
    notifierUrlForScheduler: config.notifierUrl,
    chains,
  };
}

/** The script body; `<` escaped so no value can close the script element. */
export function configScript(config: Pick<WebappConfig, 'public' | 'notifierUrl' | 'chains'>): string {
  const json = JSON.stringify(publicConfig(config)).replace(/</g, '\\u003c');
  return `window.__KEEL_CONFIG__ = ${json};\n`;
}
