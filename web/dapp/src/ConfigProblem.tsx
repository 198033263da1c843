// Shown instead of the app when /config.js is missing or malformed: what is wrong, for whoever runs the server.

import { For } from 'solid-js';

export function ConfigProblem(props: { problems: readonly string[] }) {
  return (
    <main class="page narrow">
      <section class="card">
        <h1>This site is not configured</h1>
        <p class="muted">
          The page could not read its settings from <code>/config.js</code>. Whoever runs this server needs to fix:
        </p>
        <ul class="problems">
          <For each={props.problems}>{(problem) => <li>{problem}</li>}</For>
        </ul>
      </section>
    </main>
  );
}
