// @keel/devchain: a local anvil chain with Multicall3, test NFTs and lending contracts, for tests and the dev stack.

export { type Anvil, type AnvilOptions, anvilBinaryPath, startAnvil } from './anvil.ts';
export { ANVIL_ACCOUNTS, ANVIL_MNEMONIC, type AnvilAccount, anvilAccount } from './anvil-accounts.ts';
export {
  type ChainEntry,
  type ChainPreset,
  type ChainsConfig,
  DEV_PRESET_KEY,
  type DevChainsOptions,
  renderChainsConfig,
} from './chains-config.ts';
export { type ContractEntry, renderContractsYaml } from './contracts-yaml.ts';
export { DEMO_LOANS, DEMO_LOANS_MAX_TOKEN_ID, type DemoLoan, openDemoLoans } from './demo-loans.ts';
export { DEMO_BURNS, DEMO_MAX_TOKEN_ID, DEMO_TRANSFERS, mintDemoSet } from './demo-set.ts';
export {
  type Deployment,
  type DeploymentWithoutRefLending,
  hasRefLending,
  type RecordedDeployment,
  readDeployment,
} from './deployment.ts';
export { DEV_NETWORK, type DevStack, type DevStackOptions, startDevStack } from './dev-stack.ts';
export { FLUID_ABI_SOURCE, fluidVaultFactoryAbi, fluidVaultResolverAbi } from './fluid-resolver-abi.ts';
export { fluidResolverStandInAbi } from './fluid-resolver-stand-in-abi.ts';
export {
  compileFluidResolverStandIn,
  compileFluidVaultFactoryStandIn,
  deployFluidStandIn,
  FLUID_RESOLVER_STAND_IN_SOURCE,
  FLUID_VAULT_FACTORY_STAND_IN_SOURCE,
  FLUID_VAULT_TYPE_T1,
  type FluidPositionInput,
  type FluidStandIn,
  type FluidStandInOptions,
  type FluidVaultConfig,
  type FluidVaultEntireData,
} from './fluid-stand-in.ts';
export { fluidVaultFactoryStandInAbi } from './fluid-vault-factory-stand-in-abi.ts';
export type { AccountRef } from './local-chain.ts';
export { ensureMulticall3, MULTICALL3_ADDRESS } from './multicall3.ts';
export {
  attachRefLending,
  compileRefLending,
  compileRefPositions,
  deployRefLending,
  REF_DEFAULT_LIQUIDATION_THRESHOLD_BPS,
  REF_DEFAULT_PRICE,
  REF_LENDING_SOURCE,
  REF_POSITIONS_SOURCE,
  type RefLending,
  type RefLendingOptions,
  type RefPosition,
} from './ref-lending.ts';
export { refLendingAbi } from './ref-lending-abi.ts';
export { refPositionsAbi } from './ref-positions-abi.ts';
export { artifactPath, type CompiledContract, type CompileRequest, compileContract } from './solidity-compiler.ts';
export {
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
