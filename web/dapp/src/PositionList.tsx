// The positions one address holds on one chain, and where their ids came from (cache or chain).

import { createResource, For, Match, Show, Switch } from 'solid-js';
import type { Address } from 'viem';
import { chainName } from './ChainSelect.tsx';
import { ErrorNote } from './ErrorNote.tsx';
import { useEnv } from './lib/env-context.ts';
import { loadOwnedIds } from './lib/owned-ids.ts';
import type { Preset } from './lib/runtime-config.ts';
import { errorText } from './lib/service-error.ts';
import { PositionCard } from './PositionCard.tsx';

export function PositionList(props: { chain: string; preset: Preset; owner: Address }) {
  const env = useEnv();
  const [owned, { refetch }] = createResource(
    () => ({ chain: props.chain, owner: props.owner }),
    (key) => loadOwnedIds(env, key.chain, key.owner),
  );
  return (
    <section class="positions" aria-label="Positions">
      <div class="section-heading">
        <h2>Positions on {chainName(props.chain)}</h2>
        <button type="button" class="button small" onClick={() => void refetch()} disabled={owned.loading}>
          Refresh
        </button>
      </div>
      <Switch>
        <Match when={owned.error}>{(error) => <ErrorNote text={errorText(error())} />}</Match>
        <Match when={owned.loading}>
          <p class="muted loading-line">Looking for positions…</p>
        </Match>
        <Match when={owned()}>
          {(found) => (
            <>
              <p class="source-note small">
                {found().ids.length} position{found().ids.length === 1 ? '' : 's'}{' '}
                {found().source === 'cache'
                  ? 'found by the ownership cache.'
                  : `read directly from the chain. ${found().cacheProblem ?? ''}`}
              </p>
              <Show
                when={found().ids.length > 0}
                fallback={
                  <section class="empty">
                    <h3>No positions here</h3>
                    <p class="muted">This address holds no position NFTs on {chainName(props.chain)}.</p>
                  </section>
                }
              >
                <div class="position-grid">
                  <For each={found().ids}>
                    {(id) => <PositionCard chain={props.chain} preset={props.preset} id={id} />}
                  </For>
                </div>
              </Show>
            </>
          )}
        </Match>
      </Switch>
    </section>
  );
}
