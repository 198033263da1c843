// Watch-only: paste any address to see its positions without connecting a wallet.

import { createSignal, Show } from 'solid-js';
import { checkAddress } from './lib/address.ts';
import { useStores } from './lib/stores-context.ts';

export function WatchAddressForm() {
  const { account } = useStores();
  const [text, setText] = createSignal('');
  const [problem, setProblem] = createSignal<string | null>(null);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const check = checkAddress(text());
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    setProblem(null);
    setText(check.address);
    account.watch(check.address);
  };
  return (
    <form class="watch-form" onSubmit={submit} novalidate>
      <label class="field grow">
        <span class="field-label">Or watch an address</span>
        <input
          name="watch-address"
          placeholder="0x…"
          spellcheck={false}
          autocomplete="off"
          value={text()}
          aria-invalid={problem() !== null}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </label>
      <button type="submit" class="button">
        Watch
      </button>
      <Show when={problem()}>{(message) => <p class="field-problem">{message()}</p>}</Show>
    </form>
  );
}
