// The front end as served: /config.js for the page, index.html for / and every /dapp deep link, built files.

import { expect, test } from 'bun:test';
import { mkdir } from 'node:fs/promises';
import { tempDir } from '@keel/kit/testing';
import { getAddress } from 'viem';
import { DEAD_URL, referenceChain, startTestWebapp } from './support/test-webapp.ts';

const NFT = getAddress('0x1111111111111111111111111111111111111111');
const DEBT = getAddress('0x2222222222222222222222222222222222222222');
const INDEX = '<!doctype html><title>Keel</title><script type="module" src="/assets/index-4f2a9c1b.js"></script>';

async function webRoot() {
  const dir = await tempDir('web-root-');
  await mkdir(`${dir.path}/assets`);
  await Bun.write(`${dir.path}/index.html`, INDEX);
  await Bun.write(`${dir.path}/assets/index-4f2a9c1b.js`, 'console.log("app")');
  await Bun.write(`${dir.path}/assets/index-77aa00ff.css`, 'body{}');
  await Bun.write(`${dir.path}/favicon.svg`, '<svg/>');
  await Bun.write(`${dir.path}/.env`, 'SECRET=1');
  return dir;
}

test('/config.js hands the page its settings and chains as window.__KEEL_CONFIG__', async () => {
  await using app = await startTestWebapp(
    {
      chains: { base: referenceChain('http://127.0.0.1:8545', NFT, DEBT) },
      notifierUrl: 'http://127.0.0.1:8081',
      public: {
        walletProjectId: 'project-1',
        enableMainnet: false,
        notifierUrl: '/notifier',
        schedulerUrl: '/scheduler',
        ownercacheUrl: 'https://cache.example',
        schedulerApiKey: 'sk',
        ownercacheApiKey: null,
      },
    },
    { start: false },
  );
  const response = await app.request('GET', '/config.js');
  expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  const text = await response.text();
  expect(text.startsWith('window.__KEEL_CONFIG__ = ')).toBe(true);
  const window: { __KEEL_CONFIG__?: unknown } = {};
  new Function('window', text)(window);
  expect(window.__KEEL_CONFIG__).toEqual({
    walletProjectId: 'project-1',
    enableMainnet: false,
    notifierUrl: '/notifier',
    schedulerUrl: '/scheduler',
    ownercacheUrl: 'https://cache.example',
    schedulerApiKey: 'sk',
    ownercacheApiKey: null,
    notifierUrlForScheduler: 'http://127.0.0.1:8081',
    chains: {
      base: {
        chainId: 31337,
        rpc: 'http://127.0.0.1:8545',
        protocol: 'reference',
        nft: NFT,
        resolver: null,
        defaultPreset: 'ETH-USD',
        presets: [{ key: 'ETH-USD', label: 'ETH-USD', nft: NFT, debt: DEBT }],
        ownercacheKey: 'ref-positions',
      },
    },
  });
});

test.each(['/', '/dapp', '/dapp/', '/dapp/position/base/42?preset=ETH-USD'])('%s serves index.html', async (path) => {
  await using root = await webRoot();
  await using app = await startTestWebapp({ webRoot: root.path }, { start: false });
  const response = await app.request('GET', path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(await response.text()).toBe(INDEX);
});

test.each([
  {
    path: '/assets/index-4f2a9c1b.js',
    type: 'text/javascript;charset=utf-8',
    cache: 'public, max-age=31536000, immutable',
  },
  { path: '/assets/index-77aa00ff.css', type: 'text/css;charset=utf-8', cache: 'public, max-age=31536000, immutable' },
  { path: '/favicon.svg', type: 'image/svg+xml', cache: 'no-cache' },
])('$path is served as $type', async ({ path, type, cache }) => {
  await using root = await webRoot();
  await using app = await startTestWebapp({ webRoot: root.path }, { start: false });
  const response = await app.request('GET', path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')?.replace(/ /g, '')).toBe(type);
  expect(response.headers.get('cache-control')).toBe(cache);
});

test.each(['/assets/missing.js', '/.env', '/assets/../.env', '/%2e%2e/%2e%2e/etc/passwd', '/assets', '/nope/'])(
  '%s is a 404',
  async (path) => {
    await using root = await webRoot();
    await using app = await startTestWebapp({ webRoot: root.path }, { start: false });
    const response = await app.request('GET', path);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  },
);

test('without a build, pages answer 503 with a page saying how to build it', async () => {
  await using app = await startTestWebapp({ chains: { base: referenceChain(DEAD_URL, NFT, DEBT) } }, { start: false });
  const response = await app.request('GET', '/dapp/position/base/1');
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await response.text()).toContain('not built');
});

test('health and metrics answer beside the front end', async () => {
  await using app = await startTestWebapp({}, { start: false });
  expect(await (await app.request('GET', '/healthz')).json()).toMatchObject({ status: 'ok', service: 'webapp' });
  expect(await (await app.request('GET', '/metrics')).text()).toContain('webapp_watches');
});
