import { describe, expect, test } from 'bun:test';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '@keel/kit/testing';
import { type Deployment, hasRefLending, readDeployment, writeDeployment } from '../src/deployment.ts';

const current: Deployment = {
  chainId: 31_337,
  testPositions: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  refLending: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  refPositions: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
};
const { refLending: _lending, refPositions: _positions, ...beforeRefLending } = current;

async function readText(text: string) {
  await using dir = await tempDir('devchain-deployment-');
  const path = join(dir.path, 'deployment.json');
  await writeFile(path, text);
  return await readDeployment(path);
}

describe('deployment.json', () => {
  test('a missing record reads as null', async () => {
    await using dir = await tempDir('devchain-deployment-');
    expect(await readDeployment(join(dir.path, 'deployment.json'))).toBeNull();
  });

  test('a written record reads back whole, with its RefLending pair', async () => {
    await using dir = await tempDir('devchain-deployment-');
    const path = join(dir.path, 'deployment.json');
    await writeDeployment(path, current);
    const read = await readDeployment(path);
    expect(read).toEqual(current);
    expect(read !== null && hasRefLending(read)).toBe(true);
  });

  test('a record written before RefLending existed still reads, as one without the pair', async () => {
    const read = await readText(JSON.stringify(beforeRefLending));
    expect(read).toEqual(beforeRefLending);
    expect(read !== null && hasRefLending(read)).toBe(false);
  });

  test.each([
    ['only refLending', { ...beforeRefLending, refLending: current.refLending }],
    ['only refPositions', { ...beforeRefLending, refPositions: current.refPositions }],
    ['a refLending that is not an address', { ...current, refLending: '0x1234' }],
    ['a null refPositions', { ...current, refPositions: null }],
    ['a chainId that is a string', { ...current, chainId: '31337' }],
    ['no multicall3', { ...current, multicall3: undefined }],
    [
      'a testPositions with a broken checksum',
      { ...current, testPositions: '0x5fbDB2315678afecb367f032d93F642f64180aa3' },
    ],
  ])('a record with %s is refused', async (_name, record) => {
    await expect(readText(JSON.stringify(record))).rejects.toThrow(/is not a deployment record/);
  });

  test('a file that is not JSON is refused rather than read as absent', async () => {
    await expect(readText('{ not json')).rejects.toThrow(SyntaxError);
  });
});
