// /api/watches input validation: every bad body is refused with a 400 naming its field, before any chain read.

import { expect, test } from 'bun:test';
import { getAddress } from 'viem';
import { DEAD_URL, referenceChain, startTestWebapp } from './support/test-webapp.ts';

const NFT = getAddress('0x1111111111111111111111111111111111111111');
const DEBT = getAddress('0x2222222222222222222222222222222222222222');
const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

const VALID = {
  chain: 'base',
  preset: 'ETH-USD',
  id: '42',
  owner: OWNER,
  label: 'My loan',
  metric: 'health',
  warning: 1.5,
  critical: 1.2,
  topic: 'my-alerts',
  email: null,
};

const startApp = () => startTestWebapp({ chains: { base: referenceChain(DEAD_URL, NFT, DEBT) } }, { start: false });

test.each([
  { name: 'an array body', body: [VALID], field: 'body' },
  { name: 'an unknown field', body: { ...VALID, cooldown: 5 }, field: 'cooldown' },
  { name: 'a missing chain', body: { ...VALID, chain: undefined }, field: 'chain' },
  { name: 'an unknown chain', body: { ...VALID, chain: 'mainnet' }, field: 'chain' },
  { name: 'an unknown preset', body: { ...VALID, preset: 'BTC-USD' }, field: 'preset' },
  { name: 'a numeric id', body: { ...VALID, id: 42 }, field: 'id' },
  { name: 'a hex id', body: { ...VALID, id: '0x2a' }, field: 'id' },
  { name: 'a negative id', body: { ...VALID, id: '-1' }, field: 'id' },
  { name: 'an id past uint256', body: { ...VALID, id: (2n ** 256n).toString() }, field: 'id' },
  { name: 'an owner that is not an address', body: { ...VALID, owner: '0x1234' }, field: 'owner' },
  { name: 'an unknown metric', body: { ...VALID, metric: 'apy' }, field: 'metric' },
  { name: 'a warning given as text', body: { ...VALID, warning: '1.5' }, field: 'warning' },
  { name: 'a health threshold at liquidation', body: { ...VALID, warning: 1.5, critical: 1 }, field: 'critical' },
  { name: 'critical above warning', body: { ...VALID, warning: 1.2, critical: 1.5 }, field: 'critical' },
  { name: 'an LTV in percent', body: { ...VALID, metric: 'ltv', warning: 80, critical: 90 }, field: 'warning' },
  { name: 'a label too long', body: { ...VALID, label: 'x'.repeat(81) }, field: 'label' },
  { name: 'a label with a newline', body: { ...VALID, label: 'a\nb' }, field: 'label' },
  { name: 'a missing topic', body: { ...VALID, topic: undefined }, field: 'topic' },
  { name: 'a topic with a slash', body: { ...VALID, topic: 'a/b' }, field: 'topic' },
  { name: 'a reserved topic', body: { ...VALID, topic: 'v1' }, field: 'topic' },
  { name: 'an e-mail without a domain', body: { ...VALID, email: 'me@' }, field: 'email' },
  { name: 'an e-mail with a header injection', body: { ...VALID, email: 'a@b.c\r\nBcc: x@y.z' }, field: 'email' },
])('refuses $name with 400 naming $field', async ({ body, field }) => {
  await using app = await startApp();
  const response = await app.request('POST', '/api/watches', { body });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: 'invalid_field', field });
});

test.each([
  { name: 'a body that is not JSON', body: '{', type: 'application/json', status: 400, code: 'invalid_json' },
  {
    name: 'a form body',
    body: 'a=b',
    type: 'application/x-www-form-urlencoded',
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'an oversize body',
    body: JSON.stringify({ ...VALID, label: 'x'.repeat(20_000) }),
    type: 'application/json',
    status: 413,
    code: 'payload_too_large',
  },
])('refuses $name with $status', async ({ body, type, status, code }) => {
  await using app = await startApp();
  const response = await app.request('POST', '/api/watches', { body, headers: { 'content-type': type } });
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ code });
});

test('a valid watch whose chain cannot be read is refused with 503 and not stored', async () => {
  await using app = await startApp();
  const response = await app.request('POST', '/api/watches', { body: VALID });
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toMatchObject({ code: 'chain_unavailable' });
  expect(await (await app.request('GET', `/api/watches?owner=${OWNER}`)).json()).toEqual([]);
});

test.each([
  { query: '', parameter: 'owner' },
  { query: '?owner=nope', parameter: 'owner' },
  { query: `?owner=${OWNER}&chain=base`, parameter: 'chain' },
])('listing with "$query" is refused naming $parameter', async ({ query, parameter }) => {
  await using app = await startApp();
  const response = await app.request('GET', `/api/watches${query}`);
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: 'invalid_query', parameter });
});

test('reading or deleting an unknown watch is a 404', async () => {
  await using app = await startApp();
  expect((await app.request('GET', '/api/watches/nope')).status).toBe(404);
  expect(await (await app.request('DELETE', '/api/watches/nope')).json()).toMatchObject({ code: 'watch_not_found' });
});
