// One position in the list: loads on its own, shows its figures or its own error, links to its page.

import { A } from '@solidjs/router';
import { createResource, Match, Switch } from 'solid-js';
import { ErrorNote } from './ErrorNote.tsx';
import { useEnv } from './lib/env-context.ts';
import { healthLevel } from './lib/health.ts';
import { readPositionView } from './lib/position-query.ts';
import type { Preset } from './lib/runtime-config.ts';
import { errorText } from './lib/service-error.ts';
import { PositionFigures } from './PositionFigures.tsx';
import { Skeleton } from './Skeleton.tsx';
import { StatusTag } from './StatusTag.tsx';

export function positionPath(chain: string, id: bigint, preset: string): string {
  return `/dapp/position/${encodeURIComponent(chain)}/${id}?preset=${encodeURIComponent(preset)}`;
}

export function PositionCard(props: { chain: string; preset: Preset; id: bigint }) {
  const env = useEnv();
  const [view, { refetch }] = createResource(
    () => ({ chain: props.chain, preset: props.preset, id: props.id }),
    (key) => readPositionView(env, key.chain, key.preset, key.id),
  );
  const level = () => (view.state === 'ready' ? healthLevel(view().position.health) : 'none');
  return (
    <article class={`card position-card level-${level()}`} aria-busy={view.loading}>
      <header class="position-head">
        <h3>Position #{props.id.toString()}</h3>
        <Switch>
          <Match when={view.state === 'ready'}>
            <StatusTag status={view()?.position.status ?? 'open'} />
          </Match>
        </Switch>
      </header>
      <Switch>
        <Match when={view.error}>
          {(error) => (
            <div>
              <ErrorNote text={errorText(error())} />
              <button type="button" class="button small" onClick={() => void refetch()}>
                Try again
              </button>
            </div>
          )}
        </Match>
        <Match when={view.loading}>
          <Skeleton label="Loading position" />
        </Match>
        <Match when={view.state === 'ready' && view()}>{(ready) => <PositionFigures view={ready()} />}</Match>
      </Switch>
      <A class="button small card-link" href={positionPath(props.chain, props.id, props.preset.key)}>
        Details and alerts →
      </A>
    </article>
  );
}
