// "Alerts for this position": the watches on it, and the form to add one.

import { createResource, For, Match, Show, Switch } from 'solid-js';
import type { Address } from 'viem';
import { ErrorNote } from './ErrorNote.tsx';
import { useEnv } from './lib/env-context.ts';
import type { Preset } from './lib/runtime-config.ts';
import { errorText } from './lib/service-error.ts';
import { listWatches } from './lib/watches.ts';
import { WatchForm } from './WatchForm.tsx';
import { WatchItem } from './WatchItem.tsx';

export function PositionAlerts(props: { chain: string; preset: Preset; id: string; owner: Address | null }) {
  const env = useEnv();
  const [watches, { refetch }] = createResource(
    () => props.owner ?? false,
    (owner) => listWatches(env, owner),
  );
  const mine = () =>
    (watches.state === 'ready' ? watches() : []).filter(
      (watch) => watch.chain === props.chain && watch.preset === props.preset.key && watch.positionId === props.id,
    );
  return (
    <section class="card alerts" aria-label="Alerts for this position">
      <h2 class="card-title">Alerts for this position</h2>
      <Show
        when={props.owner}
        fallback={<p class="muted">Connect the owner's wallet or watch its address to set alerts.</p>}
      >
        {(owner) => (
          <>
            <Switch>
              <Match when={watches.error}>{(error) => <ErrorNote text={errorText(error())} />}</Match>
              <Match when={watches.loading}>
                <p class="muted loading-line">Loading alerts…</p>
              </Match>
              <Match when={watches.state === 'ready'}>
                <Show when={mine().length > 0} fallback={<p class="muted">No alerts on this position yet.</p>}>
                  <ul class="watch-list">
                    <For each={mine()}>{(watch) => <WatchItem watch={watch} onRemoved={() => void refetch()} />}</For>
                  </ul>
                </Show>
              </Match>
            </Switch>
            <WatchForm
              chain={props.chain}
              preset={props.preset}
              id={props.id}
              owner={owner()}
              onCreated={() => void refetch()}
            />
          </>
        )}
      </Show>
    </section>
  );
}
