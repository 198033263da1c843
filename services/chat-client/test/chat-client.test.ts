// ChatClient against a real chat server on a port: texts both ways, a restart from the profile directory, the
// polling fallback, retries under one id, safety numbers, and no plaintext in the server's files.

import { describe, expect, test } from 'bun:test';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { waitFor } from '@keel/kit/testing';
import { ChatClient, type FetchLike, type ReceivedItem } from '../src/index.ts';
import { PASSPHRASE, startChatServer, TEST_KDF } from './support/chat-server.ts';

/** What a test compares: who sent what, as which kind. */
function texts(items: readonly ReceivedItem[]) {
  return items.map((item) => ({
    from: item.from,
    kind: item.kind,
    text: item.content.type === 'text' ? item.content.text : item.content.type,
  }));
}

describe('direct messages', () => {
  test('two users exchange texts both ways: a PreKeyMessage first, RatchetMessages after', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');

    expect(await ada.sendText(bob.fingerprint(), 'hello bob')).toMatchObject({ kind: 'PreKeyMessage' });
    expect(await ada.sendText(bob.fingerprint(), 'are you there?')).toMatchObject({ kind: 'PreKeyMessage' });
    expect(texts(await bob.receive())).toEqual([
      { from: ada.fingerprint(), kind: 'PreKeyMessage', text: 'hello bob' },
      { from: ada.fingerprint(), kind: 'PreKeyMessage', text: 'are you there?' },
    ]);

    expect(await bob.sendText(ada.fingerprint(), 'hi ada')).toMatchObject({ kind: 'RatchetMessage' });
    const reply = await ada.receive();
    expect(texts(reply)).toEqual([{ from: bob.fingerprint(), kind: 'RatchetMessage', text: 'hi ada' }]);
    // Ada learnt bob's alias from his bundle; bob has not fetched ada's, so he knows her by fingerprint only.
    expect(reply[0]?.alias).toBe('bob');

    expect(await ada.sendText(bob.fingerprint(), 'good, the ratchet turned')).toMatchObject({ kind: 'RatchetMessage' });
    expect(texts(await bob.receive())).toEqual([
      { from: ada.fingerprint(), kind: 'RatchetMessage', text: 'good, the ratchet turned' },
    ]);
    expect(await bob.receive()).toEqual([]);
  });

  test('a client reopened from its profile directory continues the conversation', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    let bob = await server.user('bob');
    await ada.sendText(bob.fingerprint(), 'before the restart');
    expect(texts(await bob.receive()).map((m) => m.text)).toEqual(['before the restart']);

    bob = await ChatClient.open({ dir: bob.dir, passphrase: PASSPHRASE });
    const reopenedAda = await ChatClient.open({ dir: ada.dir, passphrase: PASSPHRASE });
    await bob.sendText(ada.fingerprint(), 'after the restart');
    expect(texts(await reopenedAda.receive())).toEqual([
      { from: bob.fingerprint(), kind: 'RatchetMessage', text: 'after the restart' },
    ]);
    await reopenedAda.sendText(bob.fingerprint(), 'still talking');
    expect(texts(await bob.receive()).map((m) => m.text)).toEqual(['still talking']);
  });

  test('an identity restored from its mnemonic registers again, and a peer can start a session with it', async () => {
    await using server = await startChatServer();
    const { client: ada, mnemonic } = await ChatClient.create({
      dir: join(server.home.path, 'ada'),
      passphrase: PASSPHRASE,
      kdf: TEST_KDF,
    });
    await ada.register({ server: server.url, alias: 'ada' });
    const restored = await ChatClient.restore(mnemonic, {
      dir: join(server.home.path, 'ada-restored'),
      passphrase: PASSPHRASE,
      kdf: TEST_KDF,
    });
    expect(restored.fingerprint()).toBe(ada.fingerprint());
    // The new upload replaces the lost profile's one-time prekeys on the server.
    expect(await restored.register({ server: server.url })).toEqual({ prekeysLeft: 100 });
    const bob = await server.user('bob');
    await bob.sendText(restored.fingerprint(), 'welcome back');
    const items = await restored.receive();
    expect(items.map((item) => item.content)).toEqual([{ type: 'text', text: 'welcome back' }]);
  });

  test('the wrong passphrase does not open a profile', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    await expect(ChatClient.open({ dir: ada.dir, passphrase: 'not it' })).rejects.toThrow(/passphrase/i);
  });

  test('polling over GET /v1/messages receives and acknowledges like the socket', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');
    for (const text of ['one', 'two', 'three']) await ada.sendText(bob.fingerprint(), text);
    expect(texts(await bob.receive({ via: 'poll' })).map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(await bob.receive({ via: 'poll' })).toEqual([]);
    expect(await bob.receive()).toEqual([]);
  });

  test('receive with a wait also returns what arrives while it listens', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');
    const receiving = bob.receive({ wait: 1 });
    // Sent once the socket is up, so the message is a live push, not backlog.
    await waitFor(() => server.connections() === 1, { what: "bob's socket" });
    await ada.sendText(bob.fingerprint(), 'live');
    expect(texts(await receiving).map((m) => m.text)).toEqual(['live']);
  });

  test('a send whose answer is lost is retried under the same id and queued once', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');
    const ids: string[] = [];
    let dropNext = true;
    const flaky: FetchLike = async (input, init) => {
      const response = await fetch(input, init);
      if (init.method === 'POST' && input.endsWith('/v1/messages')) {
        ids.push((JSON.parse(String(init.body)) as { id: string }).id);
        if (dropNext) {
          dropNext = false;
          throw new TypeError('connection reset after the request was sent');
        }
      }
      return response;
    };
    const flakyAda = await ChatClient.open({ dir: ada.dir, passphrase: PASSPHRASE, fetch: flaky });
    const { id } = await flakyAda.sendText(bob.fingerprint(), 'exactly once');
    expect(ids).toEqual([id, id]);
    expect(texts(await bob.receive()).map((m) => m.text)).toEqual(['exactly once']);
  });

  test('the safety number is the same on both sides and differs for another pair', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');
    const eve = await server.user('eve');
    const number = await ada.safetyNumber(bob.fingerprint());
    expect(number).toMatch(/^\d{5}( \d{5}){11}$/);
    expect(await bob.safetyNumber(ada.fingerprint())).toBe(number);
    expect(await ada.safetyNumber(eve.fingerprint())).not.toBe(number);
  });

  test('registration uploads 100 one-time prekeys and the client refills them below 10', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const senders = await Promise.all(Array.from({ length: 3 }, (_, i) => server.user(`s${i}`)));
    const left = async () => {
      const response = await fetch(`${server.url}/v1/keys/${ada.fingerprint()}`, {
        headers: { authorization: `Bearer ${await tokenOf(senders[0] as ChatClient)}` },
      });
      return ((await response.json()) as { one_time_prekey: unknown }).one_time_prekey;
    };
    // 95 bundle fetches by others (here: raw fetches) leave 4 or 5; ada's next login refills.
    for (let i = 0; i < 95; i++) expect(await left()).not.toBeNull();
    await ada.login();
    const after = await fetch(`${server.url}/v1/keys`, {
      headers: { authorization: `Bearer ${await tokenOf(ada)}` },
    });
    // A refill replaces what was left (the server's rule), so exactly the new 100 remain.
    expect(((await after.json()) as { one_time_prekeys_left: number }).one_time_prekeys_left).toBe(100);
  });

  test('the server never holds the plaintext of a message', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');
    const secret = 'the eagle lands at midnight 7f3a';
    await ada.sendText(bob.fingerprint(), secret);
    await bob.sendText(ada.fingerprint(), `${secret} (reply)`);
    const files = await readdir(server.dataDir);
    expect(files).toContain('chat.sqlite');
    for (const name of files) {
      const bytes = Buffer.from(await Bun.file(join(server.dataDir, name)).bytes());
      expect(bytes.includes(secret)).toBe(false);
      expect(bytes.includes(Buffer.from(secret, 'utf16le'))).toBe(false);
    }
    expect(texts(await bob.receive()).map((m) => m.text)).toEqual([secret]);
  });
});

/** The bearer token the profile holds (state.json), for raw API checks. */
async function tokenOf(client: ChatClient): Promise<string> {
  return ((await Bun.file(join(client.dir, 'state.json')).json()) as { token: string }).token;
}
