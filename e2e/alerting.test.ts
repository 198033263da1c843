// End to end in headless Chromium through the gateway, the whole stack on loopback and anvil: a wallet's positions,
// alert settings, test alerts (direct and via the scheduler), a watch, and an on-chain crossing alerted exactly once.

import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { ANVIL_ACCOUNTS, attachRefLending, readDeployment } from '@keel/devchain';
import { waitFor } from '@keel/kit/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startWholeStack, type WholeStack } from './support/whole-stack.ts';

const OWNER = ANVIL_ACCOUNTS[1]?.address ?? '';
const TOPIC = 'e2e-loan-alerts';
const EMAIL = 'owner@example.org';
let stack: WholeStack;
let browser: Browser;
let page: Page;

/** An EIP-1193 wallet announced over EIP-6963: anvil account 1, every call forwarded to anvil (which signs). */
function injectedWallet(rpcUrl: string, account: string) {
  return `(() => {
    const provider = {
      async request({ method, params }) {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return ['${account}'];
        const response = await fetch('${rpcUrl}', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
        });
        const body = await response.json();
        if (body.error) throw body.error;
        return body.result;
      },
      on() {},
      removeListener() {},
    };
    const info = { uuid: '6f1b5a6e-9c4e-4d0a-9d3b-000000000001', name: 'Test Wallet', rdns: 'test.wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E' };
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  })();`;
}

/** Every message on the topic so far, as the notifier keeps them. */
async function messages(): Promise<{ title?: string; message: string; priority?: number }[]> {
  const text = await (await fetch(`${stack.gatewayUrl}/notifier/${TOPIC}/json?poll=1`)).text();
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { title?: string; message: string; priority?: number });
}

beforeAll(async () => {
  stack = await startWholeStack();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(injectedWallet(stack.chain.anvil.rpcUrl, OWNER));
});

afterAll(async () => {
  await browser?.close();
  await stack?.[Symbol.asyncDispose]();
});

test('a wallet sees its positions, sends test alerts, watches a position and is alerted once when it crosses', async () => {
  // 1. The dapp through the gateway, connected with the injected wallet: account 1 holds demo loans #1 and #2.
  await page.goto(`${stack.gatewayUrl}/dapp`);
  await page.getByRole('button', { name: 'Test Wallet' }).click();
  await page.getByText('Connected with Test Wallet').waitFor();
  await page.locator('a[href*="/dapp/position/base/1?"]').waitFor();
  await page.locator('a[href*="/dapp/position/base/2?"]').waitFor();

  // 2. Alert settings: a topic and an e-mail address, kept in the browser.
  await page.getByRole('button', { name: 'Alert settings' }).click();
  await page.locator('input[name="topic"]').fill(TOPIC);
  await page.locator('input[name="email"]').fill(EMAIL);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Saved').waitFor();

  // 3. A direct test alert reaches the notifier and the mailbox.
  await page.getByRole('button', { name: 'Send now' }).click();
  await waitFor(async () => (await messages()).some((m) => m.title === 'Test alert'), {
    what: 'the direct test alert',
  });
  await waitFor(() => stack.smtp.mails.some((mail) => mail.to.includes(EMAIL) && mail.subject.includes('Test alert')), {
    what: 'the direct test alert by e-mail',
  });

  // 4. Via the scheduler: the page asks for two minutes from now; the test shortens that in flight to one second.
  await page.route('**/scheduler/tasks', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({
      postData: JSON.stringify({ ...body, execute_at: new Date(Date.now() + 1_000).toISOString() }),
    });
  });
  await page.getByRole('button', { name: 'Send via scheduler' }).click();
  await waitFor(async () => (await messages()).some((m) => m.title === 'Scheduled test alert'), {
    timeoutMs: 20_000,
    what: 'the scheduled test alert',
  });
  await page.getByRole('button', { name: 'Close' }).click();

  // 5. A watch on loan #1 (health 1.7): warn below 1.2, critical below 1.05.
  await page.locator('a[href*="/dapp/position/base/1?"]').first().click();
  await page.getByRole('button', { name: 'Turn on alert' }).click();
  await page.getByRole('button', { name: 'Turn off' }).waitFor();
  const before = (await messages()).length;
  const mailsBefore = stack.smtp.mails.length;

  // 6. The price falls on chain: 1 collateral at 1,200 against 1,000 debt at 85 % is health 1.02, past critical.
  const deployment = await readDeployment(join(stack.dataDir, 'devchain', 'deployment.json'));
  if (deployment === null || !('refLending' in deployment)) throw new Error('no RefLending deployed');
  const lending = await attachRefLending(stack.chain.anvil.rpcUrl, deployment.refLending);
  const moved = Date.now();
  await lending.setPrice(1_200n * 10n ** 18n);
  const alert = await waitFor(async () => (await messages()).slice(before).find((m) => m.priority === 5), {
    timeoutMs: 20_000,
    what: 'the critical alert',
  });
  process.stderr.write(`[e2e] crossing mined → alert at the notifier: ${Date.now() - moved} ms\n`);
  expect(alert.message).toContain('1.02');
  await waitFor(() => stack.smtp.mails.length > mailsBefore, { what: 'the alert by e-mail' });

  // 7. Exactly once: several more checks (one a second) send nothing more, by notifier or by e-mail.
  await Bun.sleep(4_000);
  expect((await messages()).slice(before).length).toBe(1);
  expect(stack.smtp.mails.length - mailsBefore).toBe(1);
});
