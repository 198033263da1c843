// `/dapp/position/<chain>/<id>?preset=<KEY>`: one position, read cold from the link, and its alerts.

import { A, useParams, useSearchParams } from '@solidjs/router';
import { createMemo, createResource, Match, Show, Switch } from 'solid-js';
import { chainName } from './ChainSelect.tsx';
import { ErrorNote } from './ErrorNote.tsx';
import { useEnv } from './lib/env-context.ts';
import { healthLevel, healthWords } from './lib/health.ts';
import { findPreset, readPositionView } from './lib/position-query.ts';
import { errorText } from './lib/service-error.ts';
import { useStores } from './lib/stores-context.ts';
import { PositionAlerts } from './PositionAlerts.tsx';
import { PositionFigures } from './PositionFigures.tsx';
import { Skeleton } from './Skeleton.tsx';
import { StatusTag } from './StatusTag.tsx';

const DECIMAL_ID = /^\d{1,78}$/;

export function PositionPage() {
  const env = useEnv();
  const { account } = useStores();
  const params = useParams<{ chain: string; id: string }>();
  const [search] = useSearchParams<{ preset?: string }>();
  const problem = createMemo(() => {
    if (!(params.chain in env.config.chains)) {
      return `This app is not set up for the chain “${params.chain}”. Known chains: ${Object.keys(env.config.chains).join(', ')}.`;
    }
    if (!DECIMAL_ID.test(params.id)) return `“${params.id}” is not a position number.`;
    return null;
  });
  const preset = createMemo(() => (problem() === null ? findPreset(env, params.chain, search.preset) : null));
  const [view, { refetch }] = createResource(
    () => {
      const current = preset();
      return current === null ? false : { chain: params.chain, preset: current, id: BigInt(params.id) };
    },
    (key) => readPositionView(env, key.chain, key.preset, key.id),
  );
  const owner = () => (view.state === 'ready' ? (view().position.owner ?? account.active()) : account.active());
  return (
    <div class="position-page">
      <A class="back" href={`/dapp?chain=${encodeURIComponent(params.chain)}`}>
        ← All positions
      </A>
      <Show when={problem()}>{(message) => <ErrorNote text={message()} />}</Show>
      <Show when={preset()}>
        {(current) => (
          <>
            <section class="card position-detail">
              <header class="position-head">
                <div>
                  <p class="eyebrow">
                    {chainName(params.chain)} · {current().label}
                  </p>
                  <h1>Position #{params.id}</h1>
                </div>
                <Show when={view.state === 'ready' && view()}>
                  {(ready) => (
                    <div class="head-status">
                      <StatusTag status={ready().position.status} />
                      <span class={`level-words level-words-${healthLevel(ready().position.health)}`}>
                        {healthWords(healthLevel(ready().position.health))}
                      </span>
                    </div>
                  )}
                </Show>
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
                <Match when={view.state === 'ready' && view()}>
                  {(ready) => (
                    <>
                      <PositionFigures view={ready()} detailed />
                      <p class="small muted owner-line">
                        Owner:{' '}
                        <span class="mono">{ready().position.owner ?? 'none (the position NFT no longer exists)'}</span>
                      </p>
                    </>
                  )}
                </Match>
              </Switch>
            </section>
            <PositionAlerts chain={params.chain} preset={current()} id={params.id} owner={owner()} />
          </>
        )}
      </Show>
    </div>
  );
}
