// `chat`: the command-line client (`bun run chat -- --profile <dir> <command> ...`); the composition root: reads
// CHAT_PASSPHRASE, stdin, the clock and fetch, and maps failures to exit codes.
// Exit codes: 0 done or --help; 2 a bad command line (or no passphrase); 1 the operation failed.

import { CHAT_HELP, ChatArgsError, type ChatCommand, parseChatArgs } from './chat-args.ts';
import { ChatClient } from './chat-client.ts';
import type { ReceivedItem } from './message-opener.ts';

function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** One line per message, whatever the text holds: control characters are shown escaped. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return /[\u0000-\u001f\u007f]/.test(text) ? JSON.stringify(text) : text;
}

function itemLine(item: ReceivedItem): string {
  const sender = item.alias === null ? item.from : `${item.from} (${oneLine(item.alias)})`;
  const group = item.group === null ? '' : ` #${item.group}`;
  const { content } = item;
  switch (content.type) {
    case 'text':
      return `${sender} ${item.kind}${group} ${oneLine(content.text)}`;
    case 'file':
      return `${sender} File${group} ${content.file.path}`;
    case 'joined':
      return `${sender} GroupControl${group} joined ${content.member}${content.alias === null ? '' : ` (${oneLine(content.alias)})`}`;
    case 'failed':
      return `${sender} ${item.kind}${group} undecryptable: ${oneLine(content.error)}`;
  }
}

async function run(command: Exclude<ChatCommand, { kind: 'help' }>, passphrase: string): Promise<number> {
  const options = { dir: command.profile, passphrase };
  if (command.kind === 'init') {
    if (command.restore) {
      const mnemonic = (await new Response(Bun.stdin.stream()).text()).trim().split(/\s+/).join(' ');
      const client = await ChatClient.restore(mnemonic, options);
      print(`fingerprint: ${client.fingerprint()}`);
      return 0;
    }
    const { client, mnemonic } = await ChatClient.create(options);
    print(`mnemonic: ${mnemonic}`);
    print(`fingerprint: ${client.fingerprint()}`);
    say('write the mnemonic down now: it is shown only this once and is the only way to restore this identity');
    return 0;
  }
  const client = await ChatClient.open(options);
  switch (command.kind) {
    case 'register': {
      const { prekeysLeft } = await client.register({ server: command.server, alias: command.alias ?? undefined });
      print(`registered ${client.fingerprint()} at ${command.server} (${prekeysLeft} one-time prekeys on the server)`);
      return 0;
    }
    case 'login': {
      const { expiresAt } = await client.login();
      print(`logged in until ${expiresAt}`);
      return 0;
    }
    case 'send': {
      const { id, kind } = await client.sendText(command.peer, command.text);
      print(`sent ${id} (${kind})`);
      return 0;
    }
    case 'send-file': {
      const { id, chunks, size } = await client.sendFile(command.peer, command.path);
      print(`sent ${id} (FileHeader and ${chunks} chunks, ${size} bytes)`);
      return 0;
    }
    case 'receive': {
      for (const item of await client.receive({ wait: command.wait })) print(itemLine(item));
      return 0;
    }
    case 'group': {
      if (command.action === 'send') {
        const { copies } = await client.sendToGroup(command.name, command.text ?? '');
        print(`sent to ${copies} members of ${command.name}`);
        return 0;
      }
      const members =
        command.action === 'create'
          ? await client.createGroup(command.name)
          : command.action === 'join'
            ? await client.joinGroup(command.name)
            : await client.members(command.name);
      for (const member of members)
        print(member.alias === null ? member.fingerprint : `${member.fingerprint} (${oneLine(member.alias)})`);
      return 0;
    }
    case 'fingerprint':
      print(command.peer === null ? client.fingerprint() : await client.safetyNumber(command.peer));
      return 0;
  }
}

async function main(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  let command: ChatCommand;
  try {
    command = parseChatArgs(argv);
  } catch (error) {
    if (!(error instanceof ChatArgsError)) throw error;
    say(`chat: ${error.message}`);
    return 2;
  }
  if (command.kind === 'help') {
    process.stdout.write(CHAT_HELP);
    return 0;
  }
  const passphrase = env.CHAT_PASSPHRASE;
  if (passphrase === undefined || passphrase === '') {
    say('chat: set CHAT_PASSPHRASE to the passphrase of the profile (it seals the identity on disk)');
    return 2;
  }
  try {
    return await run(command, passphrase);
  } catch (error) {
    // Every failure of the operation (server refusal, network, wrong passphrase, bad file) is reported, not thrown.
    say(`chat: ${(error as Error).message}`);
    return 1;
  }
}

process.exit(await main(process.argv.slice(2), process.env));
