// @keel/devchain: a local anvil chain with Multicall3 and a test ERC-721, for tests and the dev stack.

export { type Anvil, type AnvilOptions, anvilBinaryPath, startAnvil } from './anvil.ts';
export { ANVIL_ACCOUNTS, ANVIL_MNEMONIC, type AnvilAccount, anvilAccount } from './anvil-accounts.ts';
export { type ContractEntry, renderContractsYaml } from './contracts-yaml.ts';
export { DEMO_BURNS, DEMO_MAX_TOKEN_ID, DEMO_TRANSFERS, mintDemoSet } from './demo-set.ts';
export { type Deployment, readDeployment } from './deployment.ts';
export { DEV_NETWORK, type DevStack, type DevStackOptions, startDevStack } from './dev-stack.ts';
export { ensureMulticall3, MULTICALL3_ADDRESS } from './multicall3.ts';
export { artifactPath, type CompiledContract, type CompileRequest, compileContract } from './solidity-compiler.ts';
export {
  type AccountRef,
  attachTestPositions,
  compileTestPositions,
  deployTestPositions,
  MINT_BATCH_SIZE,
  TEST_POSITIONS_SOURCE,
  type TestPositions,
  type TestPositionsOptions,
  type TokenId,
} from './test-positions.ts';
export { testPositionsAbi } from './test-positions-abi.ts';
