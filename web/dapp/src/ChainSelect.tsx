// Which configured chain to look at.

import { For } from 'solid-js';
import { useEnv } from './lib/env-context.ts';

const CHAIN_NAMES: Readonly<Record<string, string>> = { base: 'Base', arbitrum: 'Arbitrum', mainnet: 'Ethereum' };

export function chainName(key: string): string {
  return CHAIN_NAMES[key] ?? key;
}

export function ChainSelect(props: { value: string; onChange: (chain: string) => void }) {
  const env = useEnv();
  return (
    <label class="field">
      <span class="field-label">Chain</span>
      <select value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        <For each={Object.keys(env.config.chains)}>{(key) => <option value={key}>{chainName(key)}</option>}</For>
      </select>
    </label>
  );
}
