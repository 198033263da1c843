// `/dapp`: pick chain and market, pick whose positions, then see them. Chain and market live in the query string.

import { useSearchParams } from '@solidjs/router';
import { createMemo, Show } from 'solid-js';
import { AccountPanel } from './AccountPanel.tsx';
import { ChainSelect } from './ChainSelect.tsx';
import { useEnv } from './lib/env-context.ts';
import { findPreset } from './lib/position-query.ts';
import { useStores } from './lib/stores-context.ts';
import { PositionList } from './PositionList.tsx';
import { PresetSelect } from './PresetSelect.tsx';

export function DappPage() {
  const env = useEnv();
  const { account } = useStores();
  const [search, setSearch] = useSearchParams<{ chain?: string; preset?: string }>();
  const chains = Object.keys(env.config.chains);
  const chain = createMemo(() => {
    const asked = search.chain;
    return asked !== undefined && asked in env.config.chains ? asked : (chains[0] ?? '');
  });
  const preset = createMemo(() => findPreset(env, chain(), search.preset));
  return (
    <div class="dapp">
      <div class="page-heading">
        <h1>Your positions</h1>
        <p class="muted">Live figures from the chain. Open a position to set alerts on it.</p>
      </div>
      <div class="toolbar card">
        <ChainSelect value={chain()} onChange={(next) => setSearch({ chain: next, preset: undefined })} />
        <Show when={preset()}>
          {(current) => (
            <PresetSelect
              presets={env.config.chains[chain()]?.presets ?? []}
              value={current().key}
              onChange={(key) => setSearch({ preset: key })}
            />
          )}
        </Show>
      </div>
      <AccountPanel />
      <Show
        when={account.active()}
        fallback={
          <section class="empty">
            <h2>No wallet yet</h2>
            <p class="muted">Connect a wallet or paste an address above to see its loan positions.</p>
          </section>
        }
      >
        {(owner) => (
          <Show when={preset()}>
            {(current) => <PositionList chain={chain()} preset={current()} owner={owner()} />}
          </Show>
        )}
      </Show>
    </div>
  );
}
