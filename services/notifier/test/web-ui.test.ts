// The notifier's web UI in real Chromium against the real notifier process: subscribe, receive, publish, deep links.

import { afterAll, beforeAll, beforeEach, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ServiceProcess, spawnService, type TempDir, tempDir } from '@keel/kit/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const ENTRY = join(import.meta.dir, '..', 'src', 'main.ts');
const BUILT_UI = join(import.meta.dir, '..', '..', '..', 'web', 'notifier', 'dist', 'index.html');
/** Debian's Chromium (scripts/setup installs it); playwright-core downloads no browser of its own. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let data: TempDir;
let service: ServiceProcess;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  if (!existsSync(BUILT_UI)) throw new Error(`${BUILT_UI} is missing: run \`bash scripts/setup\` to build the UI`);
  data = await tempDir('notifier-web-ui-');
  service = await spawnService({ entry: ENTRY, env: { DATA_DIR: data.path } });
  // launch() gives every run a fresh, temporary user-data dir, removed on close.
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await service?.[Symbol.asyncDispose]();
  await data?.[Symbol.asyncDispose]();
});

beforeEach(async () => {
  await context?.close();
  // A context per test: its own localStorage, so subscriptions never leak between tests.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
});

/** A topic no other test (or earlier run) has used. */
function freshTopic(): string {
  return `ui-${crypto.randomUUID().slice(0, 8)}`;
}

function publishOverHttp(topic: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${service.url}/${topic}`, { method: 'PUT', body, headers });
}

async function cachedMessages(topic: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${service.url}/${topic}/json?poll=1`);
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Resolves once the feed header says the selected topic's WebSocket is open. */
async function waitUntilLive(page: Page, topic: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: topic, exact: true }).waitFor();
  await page.locator('.pane-header .connection[data-status="live"]').waitFor();
}

function messageCard(page: Page, text: string) {
  return page.locator('article.message', { hasText: text });
}

async function subscribeInUi(page: Page, topic: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Subscribe to a topic' }).fill(topic);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await waitUntilLive(page, topic);
}

test('a message published over HTTP appears live with its title, priority and tag', async () => {
  const topic = freshTopic();
  const page = await context.newPage();
  await page.goto(`${service.url}/`);
  await subscribeInUi(page, topic);

  const published = await publishOverHttp(topic, 'hello', {
    'X-Title': 'Health',
    'X-Priority': '5',
    'X-Tags': 'warning',
  });
  expect(published.status).toBe(200);

  const card = messageCard(page, 'hello');
  await card.waitFor();
  expect({
    title: await card.locator('.message-title').textContent(),
    text: await card.locator('.message-text').textContent(),
    priority: await card.getAttribute('data-priority'),
    badge: await card.locator('.priority-badge').textContent(),
    tags: await card.locator('.tag').allTextContents(),
  }).toEqual({ title: 'Health', text: 'hello', priority: '5', badge: '‼ urgent', tags: ['warning'] });
  // The subscription is remembered, and the address bar now deep-links to the topic.
  expect(await page.evaluate(() => localStorage.getItem('keel.notifier.topics'))).toBe(JSON.stringify([topic]));
  expect(new URL(page.url()).pathname).toBe(`/${topic}`);
});

test("a message published from the UI's dialog reaches a subscriber and is stored as entered", async () => {
  const topic = freshTopic();
  const page = await context.newPage();
  await page.goto(`${service.url}/`);
  await subscribeInUi(page, topic);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish a message' });
  await dialog.waitFor();
  expect(await dialog.getByRole('combobox', { name: 'Topic' }).inputValue()).toBe(topic);
  // This server runs without SMTP: config.js says so, and the field explains it instead of failing on send.
  expect(await dialog.getByRole('textbox', { name: 'E-mail' }).isDisabled()).toBe(true);
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Disk almost full');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('92% used on /var');
  await dialog.getByRole('combobox', { name: 'Priority' }).selectOption('4');
  await dialog.getByRole('textbox', { name: 'Tags' }).fill('disk, warning');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText(`Message sent to “${topic}”.`).waitFor();

  const card = messageCard(page, '92% used on /var');
  await card.waitFor();
  expect(await card.locator('.tag').allTextContents()).toEqual(['disk', 'warning']);
  const stored = await cachedMessages(topic);
  expect(
    stored.map(({ topic, title, message, priority, tags }) => ({ topic, title, message, priority, tags })),
  ).toEqual([
    { topic, title: 'Disk almost full', message: '92% used on /var', priority: 4, tags: ['disk', 'warning'] },
  ]);
});

test('the publish dialog shows why a topic name is refused', async () => {
  const page = await context.newPage();
  await page.goto(`${service.url}/`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish a message' });
  await dialog.getByRole('combobox', { name: 'Topic' }).fill('static');
  await dialog.getByRole('button', { name: 'Send' }).click();
  expect(await dialog.getByRole('alert').textContent()).toBe('"static" is reserved by the server; pick another name.');
});

test('a deep link selects its topic, catches up, and notifies only for live messages', async () => {
  const topic = freshTopic();
  expect((await publishOverHttp(topic, 'sent before the page opened', {})).status).toBe(200);
  const page = await context.newPage();
  // Stands in for the browser's Notification API (granted), recording what the page shows.
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(globalThis, { shownNotifications: shown });
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, options?: { body?: string }) {
        shown.push(`${title}: ${options?.body ?? ''}`);
      }
    }
    Object.defineProperty(globalThis, 'Notification', { value: RecordingNotification });
  });

  await page.goto(`${service.url}/${topic}`);
  await waitUntilLive(page, topic);
  await messageCard(page, 'sent before the page opened').waitFor();
  expect(await page.locator('.topic-item[aria-current="page"]').textContent()).toBe(topic);

  await publishOverHttp(topic, 'sent while watching', { 'X-Title': 'Live one' });
  await messageCard(page, 'sent while watching').waitFor();
  expect(await page.evaluate(() => Reflect.get(globalThis, 'shownNotifications'))).toEqual([
    'Live one: sent while watching',
  ]);
});

test('behind a gateway prefix the UI finds its API, WebSocket and deep links under that prefix', async () => {
  await using gateway = prefixProxy(service.url, '/notifier/');
  const topic = freshTopic();
  const page = await context.newPage();
  await page.goto(`${gateway.url}/notifier/${topic}`);
  await waitUntilLive(page, topic);

  await fetch(`${gateway.url}/notifier/${topic}`, { method: 'PUT', body: 'through the gateway' });
  await messageCard(page, 'through the gateway').waitFor();
  expect(gateway.paths.some((path) => path.startsWith(`/notifier/${topic}/ws?since=`))).toBe(true);
  expect(gateway.paths).toContain('/notifier/config.js');
  expect(gateway.paths.filter((path) => !path.startsWith('/notifier/'))).toEqual([]);
});

/** A stand-in for the gateway: forwards `<prefix>*` (HTTP and WebSocket) to `upstream` with the prefix stripped. */
function prefixProxy(upstream: string, prefix: string) {
  const paths: string[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request, server) {
      const url = new URL(request.url);
      paths.push(`${url.pathname}${url.search}`);
      if (!url.pathname.startsWith(prefix)) return new Response('not under the prefix', { status: 404 });
      const target = `${upstream}/${url.pathname.slice(prefix.length)}${url.search}`;
      if (request.headers.get('upgrade')?.toLowerCase() === 'websocket') {
        const upgraded = server.upgrade(request, { data: { target: target.replace(/^http/, 'ws'), upstream: null } });
        return upgraded ? undefined : new Response('upgrade failed', { status: 400 });
      }
      return fetch(target, { method: request.method, headers: request.headers, body: request.body });
    },
    websocket: {
      data: {} as { target: string; upstream: WebSocket | null },
      open(socket) {
        const upstreamSocket = new WebSocket(socket.data.target);
        socket.data.upstream = upstreamSocket;
        upstreamSocket.onmessage = (event) => socket.send(String(event.data));
        upstreamSocket.onclose = () => socket.close();
      },
      message(socket, message) {
        socket.data.upstream?.send(message);
      },
      close(socket) {
        socket.data.upstream?.close();
      },
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    paths,
    [Symbol.asyncDispose]: () => server.stop(true),
  };
}
