// `/`: what the app does and how to start.

import { A } from '@solidjs/router';

export function LandingPage() {
  return (
    <div class="landing">
      <section class="hero">
        <p class="eyebrow">Loan-position alerts</p>
        <h1>Know before your loan is liquidated.</h1>
        <p class="lead">
          Keel watches DeFi loan positions held as NFTs (Fluid vaults on Base and Arbitrum, and our reference lending
          contracts) and alerts you by notification and e-mail while there is still time to act.
        </p>
        <div class="hero-actions">
          <A class="button primary large" href="/dapp">
            Open the app
          </A>
          <span class="muted">No sign-up. Nothing to sign.</span>
        </div>
      </section>
      <section class="steps" aria-label="How to start">
        <article class="step">
          <span class="step-number">1</span>
          <h2>Connect or paste an address</h2>
          <p>
            Connect a browser wallet or WalletConnect, or paste any address to watch it read-only. Your positions are
            found for you.
          </p>
        </article>
        <article class="step">
          <span class="step-number">2</span>
          <h2>See how close you are</h2>
          <p>
            Each position shows its collateral, debt, loan-to-value, health and the price at which it would be
            liquidated, read live from the chain.
          </p>
        </article>
        <article class="step">
          <span class="step-number">3</span>
          <h2>Turn on alerts</h2>
          <p>
            Pick a notifier topic and an e-mail in Alert settings, send yourself a test, then set a warning and a
            critical level on any position.
          </p>
        </article>
      </section>
      <section class="card explain">
        <h2>What “health” means</h2>
        <p>
          Health is your collateral's value, times the share the protocol lets you borrow against it, divided by your
          debt. At <strong>1.00</strong> the position can be liquidated.
        </p>
        <ul class="legend">
          <li>
            <span class="health health-safe">1.50+</span> comfortable
          </li>
          <li>
            <span class="health health-caution">1.20–1.49</span> watch closely
          </li>
          <li>
            <span class="health health-danger">below 1.20</span> at risk
          </li>
        </ul>
      </section>
    </div>
  );
}
