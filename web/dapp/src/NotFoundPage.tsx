// Any path the app does not know.

import { A } from '@solidjs/router';

export function NotFoundPage() {
  return (
    <section class="card narrow">
      <h1>Page not found</h1>
      <p class="muted">There is nothing at this address.</p>
      <A class="button primary" href="/dapp">
        Go to your positions
      </A>
    </section>
  );
}
