// Reads a watched position through its chain's adapter and turns it into what the alert policy observes.

import { fluidAdapter, type Position, type PositionAdapter, referenceAdapter } from '@keel/positions';
import type { ChainConfig } from './config.ts';
import { ChainNotConfiguredError, DependencyUnavailableError } from './errors.ts';
import type { Observation } from './evaluate.ts';
import type { NewWatch } from './watch.ts';

export interface PositionReader {
  /** Throws ChainNotConfiguredError for an unknown chain or preset, DependencyUnavailableError when the read fails. */
  read(watch: Pick<NewWatch, 'chain' | 'preset' | 'positionId'>): Promise<Position>;
}

export function createPositionReader(chains: Readonly<Record<string, ChainConfig>>): PositionReader {
  const adapters = new Map<string, PositionAdapter>();
  for (const [name, chain] of Object.entries(chains)) {
    adapters.set(
      name,
      chain.protocol === 'fluid' && chain.resolver !== null
        ? fluidAdapter({ rpcUrl: chain.rpc, resolver: chain.resolver })
        : referenceAdapter({ rpcUrl: chain.rpc }),
    );
  }
  return {
    async read({ chain, preset: presetKey, positionId }) {
      const adapter = adapters.get(chain);
      const preset = chains[chain]?.presets.find((candidate) => candidate.key === presetKey);
      if (adapter === undefined || preset === undefined)
        throw new ChainNotConfiguredError({ chain, preset: presetKey });
      try {
        return await adapter.read({ chain, nft: preset.nft, debt: preset.debt, id: positionId });
      } catch (cause) {
        throw new DependencyUnavailableError({
          dependency: 'chain',
          message: `could not read position #${positionId} on ${chain}: ${shortMessage(cause)}`,
          cause,
        });
      }
    },
  };
}

/**
 * What a read means for the watch (docs/alert-policy.md): liquidated; closed (its NFT gone: the owner's own act as
 * far as the adapter can tell); left-wallet (another address holds it); else the metric's value. A position without
 * debt has no finite health: Number.MAX_VALUE, which recovers any level, as the policy asks.
 */
export function observe(position: Position, watch: Pick<NewWatch, 'owner' | 'metric'>): Observation {
  if (position.status === 'liquidated') return { kind: 'liquidated' };
  if (position.status === 'closed' || position.owner === null) return { kind: 'closed' };
  if (position.owner.toLowerCase() !== watch.owner.toLowerCase()) return { kind: 'left-wallet' };
  if (watch.metric === 'health') return { kind: 'value', value: position.health ?? Number.MAX_VALUE };
  // No collateral: with debt that is as bad as it gets, without debt there is nothing at risk.
  return { kind: 'value', value: position.ltv ?? (position.debt > 0n ? Number.MAX_VALUE : 0) };
}

function shortMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const short = (error as { shortMessage?: unknown }).shortMessage;
  return typeof short === 'string' ? short : (error.message.split('\n')[0] ?? error.message);
}
