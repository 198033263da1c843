// The publish form in a modal dialog: topic, title, message, priority, tags and e-mail, with the server's refusal shown.

import { createEffect, createSignal, For, Show, untrack } from 'solid-js';
import { useEnv } from './lib/env-context.ts';
import type { Priority } from './lib/message.ts';
import { PRIORITY_LABELS } from './lib/priority.ts';
import { PublishError, publish } from './lib/publish.ts';
import { topicProblem } from './lib/topic.ts';

const PRIORITIES: readonly Priority[] = [5, 4, 3, 2, 1];

export function PublishDialog(props: {
  open: boolean;
  defaultTopic: string;
  topics: readonly string[];
  onClose: () => void;
  onPublished: (topic: string) => void;
}) {
  const env = useEnv();
  let dialog: HTMLDialogElement | undefined;
  const [topic, setTopic] = createSignal('');
  const [title, setTitle] = createSignal('');
  const [message, setMessage] = createSignal('');
  const [priority, setPriority] = createSignal<Priority>(3);
  const [tags, setTags] = createSignal('');
  const [email, setEmail] = createSignal('');
  const [problem, setProblem] = createSignal<string | null>(null);
  const [sending, setSending] = createSignal(false);
  const emailDisabled = () => env.emailEnabled === false;

  createEffect(() => {
    if (props.open) {
      // Each opening starts a fresh draft for the topic in view.
      setTopic(untrack(() => props.defaultTopic));
      setTitle('');
      setMessage('');
      setPriority(3);
      setTags('');
      setEmail('');
      setProblem(null);
      if (dialog !== undefined && !dialog.open) dialog.showModal();
    } else if (dialog?.open) {
      dialog.close();
    }
  });

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const target = topic().trim();
    const refused = topicProblem(target);
    if (refused !== null) {
      setProblem(refused);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await publish(env, {
        topic: target,
        title: title(),
        message: message(),
        priority: priority(),
        tags: tags(),
        email: email(),
      });
      props.onPublished(target);
      props.onClose();
    } catch (error) {
      setProblem(
        error instanceof PublishError
          ? `The server refused the message: ${error.message}`
          : `Could not reach the server (${String(error)}).`,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      class="publish-dialog"
      aria-labelledby="publish-heading"
      onClose={() => props.onClose()}
      onCancel={() => props.onClose()}
    >
      <form class="publish-form" onSubmit={(event) => void submit(event)}>
        <h2 id="publish-heading">Publish a message</h2>
        <label class="field">
          <span>Topic</span>
          <input
            name="topic"
            list="publish-topics"
            value={topic()}
            onInput={(event) => setTopic(event.currentTarget.value)}
            autocomplete="off"
            spellcheck={false}
            required
          />
        </label>
        <datalist id="publish-topics">
          <For each={props.topics}>{(name) => <option value={name} />}</For>
        </datalist>
        <label class="field">
          <span>Title</span>
          <input
            name="title"
            value={title()}
            onInput={(event) => setTitle(event.currentTarget.value)}
            placeholder="Optional"
          />
        </label>
        <label class="field">
          <span>Message</span>
          <textarea
            name="message"
            rows={4}
            value={message()}
            onInput={(event) => setMessage(event.currentTarget.value)}
            placeholder="What happened?"
          />
        </label>
        <div class="field-row">
          <label class="field">
            <span>Priority</span>
            <select name="priority" onChange={(event) => setPriority(Number(event.currentTarget.value) as Priority)}>
              <For each={PRIORITIES}>
                {(level) => (
                  <option value={String(level)} selected={priority() === level}>
                    {level} – {PRIORITY_LABELS[level]}
                  </option>
                )}
              </For>
            </select>
          </label>
          <label class="field">
            <span>Tags</span>
            <input
              name="tags"
              value={tags()}
              onInput={(event) => setTags(event.currentTarget.value)}
              placeholder="e.g. backup, disk"
            />
          </label>
        </div>
        <label class="field">
          <span>E-mail</span>
          <input
            name="email"
            type="email"
            value={email()}
            onInput={(event) => setEmail(event.currentTarget.value)}
            placeholder={emailDisabled() ? 'Not enabled on this server' : 'Optional: also send it to this address'}
            disabled={emailDisabled()}
          />
        </label>
        <Show when={problem()}>
          {(text) => (
            <p class="form-problem" role="alert">
              {text()}
            </p>
          )}
        </Show>
        <div class="dialog-actions">
          <button type="button" class="quiet" onClick={() => props.onClose()}>
            Cancel
          </button>
          <button type="submit" class="primary" disabled={sending()}>
            {sending() ? 'Sending…' : 'Send'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
