// The form that adds a topic subscription, explaining a name the server would refuse.

import { createSignal, Show } from 'solid-js';

export function SubscribeForm(props: { onSubscribe: (topic: string) => string | null }) {
  const [name, setName] = createSignal('');
  const [problem, setProblem] = createSignal<string | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const refused = props.onSubscribe(name().trim());
    setProblem(refused);
    if (refused === null) setName('');
  };

  return (
    <form class="subscribe" onSubmit={submit} novalidate>
      <label for="subscribe-topic">Subscribe to a topic</label>
      <div class="subscribe-row">
        <input
          id="subscribe-topic"
          name="topic"
          value={name()}
          onInput={(event) => {
            setName(event.currentTarget.value);
            setProblem(null);
          }}
          placeholder="e.g. backups"
          autocomplete="off"
          spellcheck={false}
          aria-invalid={problem() !== null}
          aria-describedby="subscribe-help"
        />
        <button type="submit">Subscribe</button>
      </div>
      <Show
        when={problem()}
        fallback={
          <p id="subscribe-help" class="hint">
            Letters, digits, “-” and “_”; anyone who knows the name can read it.
          </p>
        }
      >
        {(text) => (
          <p id="subscribe-help" class="field-problem" role="alert">
            {text()}
          </p>
        )}
      </Show>
    </form>
  );
}
