// One position read for display: the adapter's figures plus the preset's token symbols and decimals.

import type { Position } from '@keel/positions';
import type { DappEnv } from './env.ts';
import type { Preset } from './runtime-config.ts';
import { adapterTokens, type PresetTokens, presetTokens } from './tokens.ts';

export interface PositionView {
  readonly position: Position;
  readonly tokens: PresetTokens;
}

export async function readPositionView(
  env: Pick<DappEnv, 'config' | 'chain'>,
  chain: string,
  preset: Preset,
  id: bigint,
): Promise<PositionView> {
  const chainConfig = env.config.chains[chain];
  if (chainConfig === undefined) throw new Error(`The chain “${chain}” is not configured.`);
  const tokens = presetTokens(chainConfig.protocol, preset.key);
  try {
    const position = await env.chain.readPosition(
      chain,
      { chain, nft: preset.nft, debt: preset.debt, id },
      adapterTokens(tokens),
    );
    return { position, tokens };
  } catch (error) {
    throw new Error(`Could not read position #${id} on ${chain}: ${rpcWords(error)}`, { cause: error });
  }
}

/** viem's errors carry a `shortMessage`; the full text lists every request detail. */
function rpcWords(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const short = (error as { shortMessage?: unknown }).shortMessage;
    if (typeof short === 'string') return short;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The preset named in a link, else the chain's default. */
export function findPreset(env: Pick<DappEnv, 'config'>, chain: string, key: string | null | undefined): Preset | null {
  const chainConfig = env.config.chains[chain];
  if (chainConfig === undefined) return null;
  return (
    chainConfig.presets.find((preset) => preset.key === key) ??
    chainConfig.presets.find((preset) => preset.key === chainConfig.defaultPreset) ??
    chainConfig.presets[0] ??
    null
  );
}
