// Files and groups through a real chat server: a 10 MiB file arrives whole and verified; three members of a group
// each get a post through their own pairwise session, also after someone joins unseen.

import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ChatClient, FileInputError } from '../src/index.ts';
import { PASSPHRASE, startChatServer } from './support/chat-server.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('files', () => {
  test('a 10 MiB file arrives in the downloads folder with the same bytes', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');
    const bytes = new Uint8Array(10 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 65_536) crypto.getRandomValues(bytes.subarray(i, i + 65_536));
    const path = join(server.home.path, 'holiday.bin');
    await Bun.write(path, bytes);

    expect(await ada.sendFile(bob.fingerprint(), path)).toMatchObject({ chunks: 160, size: bytes.length });
    const items = await bob.receive();
    expect(items.map((item) => item.content)).toEqual([
      {
        type: 'file',
        file: {
          path: join(bob.downloadsDir, 'holiday.bin'),
          name: 'holiday.bin',
          size: bytes.length,
          mime: 'application/octet-stream',
        },
      },
    ]);
    expect(sha256(await Bun.file(join(bob.downloadsDir, 'holiday.bin')).bytes())).toBe(sha256(bytes));
  });

  test('a file sent twice is saved twice, the second copy beside the first, also by a reopened client', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');
    const bytes = crypto.getRandomValues(new Uint8Array(200_000));
    const path = join(server.home.path, 'notes.txt');
    await Bun.write(path, bytes);
    await ada.sendFile(bob.fingerprint(), path);
    await ada.sendFile(bob.fingerprint(), path);
    const first = await bob.receive();
    const again = await ChatClient.open({ dir: bob.dir, passphrase: PASSPHRASE });
    expect([...first, ...(await again.receive())].map((item) => item.content.type)).toEqual(['file', 'file']);
    expect(sha256(await Bun.file(join(bob.downloadsDir, 'notes (1).txt')).bytes())).toBe(sha256(bytes));
  });

  test('a file over 10 MiB is refused before anything is sent', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');
    const path = join(server.home.path, 'big.bin');
    await Bun.write(path, new Uint8Array(10 * 1024 * 1024 + 1));
    await expect(ada.sendFile(bob.fingerprint(), path)).rejects.toBeInstanceOf(FileInputError);
    expect(await bob.receive()).toEqual([]);
  });
});

describe('groups', () => {
  test('three members exchange a post, each copy through its own pairwise session', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');
    const cat = await server.user('cat');
    await ada.createGroup('crew');
    await bob.joinGroup('crew');
    expect(await cat.joinGroup('crew')).toEqual([
      { fingerprint: ada.fingerprint(), alias: 'ada' },
      { fingerprint: bob.fingerprint(), alias: 'bob' },
      { fingerprint: cat.fingerprint(), alias: 'cat' },
    ]);

    expect(await bob.sendToGroup('crew', 'hello crew')).toMatchObject({ copies: 2 });
    for (const member of [ada, cat]) {
      const posts = (await member.receive()).filter((item) => item.content.type === 'text');
      expect(
        posts.map((p) => ({ from: p.from, alias: p.alias, kind: p.kind, group: p.group, content: p.content })),
      ).toEqual([
        {
          from: bob.fingerprint(),
          alias: 'bob',
          kind: 'GroupMessage',
          group: 'crew',
          content: { type: 'text', text: 'hello crew' },
        },
      ]);
    }
    await cat.sendToGroup('crew', 'hi both');
    // Bob also hears of cat's join (GroupControl), before her post.
    expect((await bob.receive()).map((item) => item.content)).toEqual([
      { type: 'joined', member: cat.fingerprint(), alias: 'cat' },
      { type: 'text', text: 'hi both' },
    ]);
  });

  test('a join the sender has not seen gets a fresh member list and one retry', async () => {
    await using server = await startChatServer();
    const ada = await server.user('ada');
    const bob = await server.user('bob');
    const cat = await server.user('cat');
    await ada.createGroup('crew');
    await bob.joinGroup('crew');
    let joined = false;
    const racing = await ChatClient.open({
      dir: ada.dir,
      passphrase: PASSPHRASE,
      fetch: async (input, init) => {
        // Cat joins between ada's member list and her post.
        if (!joined && init.method === 'POST' && input.endsWith('/crew/send')) {
          joined = true;
          await cat.joinGroup('crew');
        }
        return fetch(input, init);
      },
    });
    expect(await racing.sendToGroup('crew', 'welcome')).toMatchObject({ copies: 2 });
    const catPosts = (await cat.receive()).filter((item) => item.content.type === 'text');
    expect(catPosts.map((item) => item.content)).toEqual([{ type: 'text', text: 'welcome' }]);
  });
});
