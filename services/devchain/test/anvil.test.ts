import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, waitFor } from '@keel/kit/testing';
import { createTestClient, http, parseEther, publicActions } from 'viem';
import { anvilBinaryPath, startAnvil } from '../src/anvil.ts';

function clientFor(rpcUrl: string) {
  return createTestClient({ mode: 'anvil', transport: http(rpcUrl, { retryCount: 0 }), cacheTime: 0 }).extend(
    publicActions,
  );
}

describe('startAnvil', () => {
  test('the anvil binary is resolved from the platform package next to @foundry-rs/anvil', () => {
    const path = anvilBinaryPath();
    expect(path).toMatch(/@foundry-rs\/anvil-[a-z0-9]+-[a-z0-9]+\/bin\/anvil$/);
    expect(existsSync(path)).toBe(true);
  });

  test('starts on a free port, answers JSON-RPC, and stops when asked', async () => {
    const anvil = await startAnvil();
    expect(anvil.port).toBeGreaterThan(0);
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`);
    expect(anvil.chainId).toBe(31_337);
    expect(await clientFor(anvil.rpcUrl).getChainId()).toBe(31_337);

    await anvil.stop();
    expect(await anvil.exited).toBe(0);
    await expect(clientFor(anvil.rpcUrl).getChainId()).rejects.toThrow();
    // Idempotent: a second stop (as `await using` does after an explicit stop) resolves at once.
    await anvil.stop();
  });

  test('two nodes run side by side on different ports', async () => {
    await using first = await startAnvil();
    await using second = await startAnvil();
    expect(first.port).not.toBe(second.port);
    await clientFor(first.rpcUrl).mine({ blocks: 3 });
    expect(await clientFor(first.rpcUrl).getBlockNumber()).toBe(3n);
    expect(await clientFor(second.rpcUrl).getBlockNumber()).toBe(0n);
  });

  test('with statePath the chain survives a stop and a restart', async () => {
    await using dir = await tempDir('devchain-anvil-');
    const statePath = join(dir.path, 'state.json');
    const rich = '0x000000000000000000000000000000000000bEEF';

    const before = await startAnvil({ statePath });
    await clientFor(before.rpcUrl).setBalance({ address: rich, value: parseEther('42') });
    await clientFor(before.rpcUrl).mine({ blocks: 5 });
    await before.stop();
    expect(existsSync(statePath)).toBe(true);

    await using after = await startAnvil({ statePath });
    expect(await clientFor(after.rpcUrl).getBalance({ address: rich })).toBe(parseEther('42'));
    expect(await clientFor(after.rpcUrl).getBlockNumber()).toBe(5n);
  });

  test('with blockTime blocks are mined without transactions', async () => {
    await using anvil = await startAnvil({ blockTime: 1 });
    const client = clientFor(anvil.rpcUrl);
    const start = await client.getBlockNumber();
    await waitFor(async () => (await client.getBlockNumber()) > start, { timeoutMs: 5_000, intervalMs: 50 });
  });

  test('anvil does not outlive a process that is killed without a chance to stop it', async () => {
    const child = Bun.spawn({
      cmd: [process.execPath, join(import.meta.dir, 'fixtures', 'anvil-child.ts')],
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const reader = child.stdout.getReader();
    const { value } = await reader.read();
    const rpcUrl = new TextDecoder().decode(value).trim();
    expect(await clientFor(rpcUrl).getChainId()).toBe(31_337);

    child.kill('SIGKILL');
    await child.exited;
    await waitFor(
      () =>
        clientFor(rpcUrl)
          .getChainId()
          .then(
            () => false,
            () => true,
          ),
      { timeoutMs: 5_000, what: 'the orphaned anvil to exit' },
    );
  });

  test('a port already in use fails the start with anvil’s own error', async () => {
    await using taken = await startAnvil();
    await expect(startAnvil({ port: taken.port })).rejects.toThrow(/anvil exited/);
  });
});
