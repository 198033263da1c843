import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '@keel/kit/testing';
import type { Abi } from 'viem';
import { fluidResolverStandInAbi } from '../src/fluid-resolver-stand-in-abi.ts';
import { compileFluidResolverStandIn, compileFluidVaultFactoryStandIn } from '../src/fluid-stand-in.ts';
import { fluidVaultFactoryStandInAbi } from '../src/fluid-vault-factory-stand-in-abi.ts';
import { compileRefLending, compileRefPositions } from '../src/ref-lending.ts';
import { refLendingAbi } from '../src/ref-lending-abi.ts';
import { refPositionsAbi } from '../src/ref-positions-abi.ts';
import { artifactPath, compileContract } from '../src/solidity-compiler.ts';
import { compileTestPositions, TEST_POSITIONS_SOURCE } from '../src/test-positions.ts';
import { testPositionsAbi } from '../src/test-positions-abi.ts';

/** solc spells out defaults parseAbi leaves implicit (`internalType`, `name: ""`, `anonymous`/`indexed: false`). */
function normalized(abi: Abi): string[] {
  return abi.map((item) => JSON.stringify(canonical(item))).sort();
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  const implicit = (key: string, item: unknown) =>
    key === 'internalType' ||
    (key === 'name' && item === '') ||
    (['anonymous', 'indexed'].includes(key) && item === false);
  const entries = Object.entries(value).filter(([key, item]) => !implicit(key, item));
  return Object.fromEntries(
    entries.sort(([a], [b]) => a.localeCompare(b)).map(([key, item]) => [key, canonical(item)]),
  );
}

describe('compileContract', () => {
  test.each([
    ['TestPositions', compileTestPositions, testPositionsAbi],
    ['RefPositions', compileRefPositions, refPositionsAbi],
    ['RefLending', compileRefLending, refLendingAbi],
    ['FluidVaultFactoryStandIn', compileFluidVaultFactoryStandIn, fluidVaultFactoryStandInAbi],
    ['FluidResolverStandIn', compileFluidResolverStandIn, fluidResolverStandInAbi],
  ] as const)('%s compiles, and the hand-written typed ABI is exactly what solc emits', async (_, compile, abi) => {
    const compiled = await compile();
    expect(compiled.bytecode).toMatch(/^0x[0-9a-f]{2000,}$/);
    expect(normalized(compiled.abi)).toEqual(normalized(abi));
  });

  test('the artifact is cached on disk under os.tmpdir() and in memory', async () => {
    const request = { sourcePath: TEST_POSITIONS_SOURCE, contractName: 'TestPositions' };
    const first = await compileContract(request);
    expect(existsSync(artifactPath(request))).toBe(true);
    expect(artifactPath(request)).toMatch(/keel-devchain-[0-9a-f]{32}\.json$/);
    expect(await compileContract(request)).toBe(first);
  });

  test('a changed source gets its own cache entry', async () => {
    await using dir = await tempDir('devchain-solc-');
    const sourcePath = join(dir.path, 'TestPositions.sol');
    await cp(TEST_POSITIONS_SOURCE, sourcePath);
    const original = artifactPath({ sourcePath, contractName: 'TestPositions' });
    await writeFile(sourcePath, `${await Bun.file(sourcePath).text()}\n// changed\n`);
    expect(artifactPath({ sourcePath, contractName: 'TestPositions' })).not.toBe(original);
  });

  test('compile errors name the file and say what is wrong', async () => {
    await using dir = await tempDir('devchain-solc-');
    const sourcePath = join(dir.path, 'Broken.sol');
    await writeFile(sourcePath, 'pragma solidity ^0.8.24;\ncontract Broken { function f() { undefinedThing(); } }\n');
    await expect(compileContract({ sourcePath, contractName: 'Broken' })).rejects.toThrow(
      /Broken\.sol failed to compile/,
    );
  });

  test('imports outside @openzeppelin/contracts are refused', async () => {
    await using dir = await tempDir('devchain-solc-');
    const sourcePath = join(dir.path, 'Escapes.sol');
    await writeFile(sourcePath, 'pragma solidity ^0.8.24;\nimport "/etc/passwd";\ncontract Escapes {}\n');
    await expect(compileContract({ sourcePath, contractName: 'Escapes' })).rejects.toThrow(/import outside/);
  });
});
