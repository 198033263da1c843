// The typed ABI of contracts/FluidResolverStandIn.sol: Fluid VaultResolver's position views plus the test setters.

import { parseAbi } from 'viem';

/**
 * Written out so viem infers argument and return types. Tests check it equals what solc emits, and that every view
 * it shares with Fluid's VaultResolver is identical to the real ABI in fluid-resolver-abi.json.
 */
export const fluidResolverStandInAbi = parseAbi([
  'struct Tokens { address token0; address token1; }',
  'struct ConstantViews { address liquidity; address factory; address operateImplementation; address adminImplementation; address secondaryImplementation; address deployer; address supply; address borrow; Tokens supplyToken; Tokens borrowToken; uint256 vaultId; uint256 vaultType; bytes32 supplyExchangePriceSlot; bytes32 borrowExchangePriceSlot; bytes32 userSupplySlot; bytes32 userBorrowSlot; }',
  'struct Configs { uint16 supplyRateMagnifier; uint16 borrowRateMagnifier; uint16 collateralFactor; uint16 liquidationThreshold; uint16 liquidationMaxLimit; uint16 withdrawalGap; uint16 liquidationPenalty; uint16 borrowFee; address oracle; uint256 oraclePriceOperate; uint256 oraclePriceLiquidate; address rebalancer; uint256 lastUpdateTimestamp; }',
  'struct ExchangePricesAndRates { uint256 lastStoredLiquiditySupplyExchangePrice; uint256 lastStoredLiquidityBorrowExchangePrice; uint256 lastStoredVaultSupplyExchangePrice; uint256 lastStoredVaultBorrowExchangePrice; uint256 liquiditySupplyExchangePrice; uint256 liquidityBorrowExchangePrice; uint256 vaultSupplyExchangePrice; uint256 vaultBorrowExchangePrice; uint256 supplyRateLiquidity; uint256 borrowRateLiquidity; int256 supplyRateVault; int256 borrowRateVault; int256 rewardsOrFeeRateSupply; int256 rewardsOrFeeRateBorrow; }',
  'struct TotalSupplyAndBorrow { uint256 totalSupplyVault; uint256 totalBorrowVault; uint256 totalSupplyLiquidityOrDex; uint256 totalBorrowLiquidityOrDex; uint256 absorbedSupply; uint256 absorbedBorrow; }',
  'struct LimitsAndAvailability { uint256 withdrawLimit; uint256 withdrawableUntilLimit; uint256 withdrawable; uint256 borrowLimit; uint256 borrowableUntilLimit; uint256 borrowable; uint256 borrowLimitUtilization; uint256 minimumBorrowing; }',
  'struct CurrentBranchState { uint256 status; int256 minimaTick; uint256 debtFactor; uint256 partials; uint256 debtLiquidity; uint256 baseBranchId; int256 baseBranchMinima; }',
  'struct VaultState { uint256 totalPositions; int256 topTick; uint256 currentBranch; uint256 totalBranch; uint256 totalBorrow; uint256 totalSupply; CurrentBranchState currentBranchState; }',
  'struct UserSupplyData { bool modeWithInterest; uint256 supply; uint256 withdrawalLimit; uint256 lastUpdateTimestamp; uint256 expandPercent; uint256 expandDuration; uint256 baseWithdrawalLimit; uint256 withdrawableUntilLimit; uint256 withdrawable; uint256 decayEndTimestamp; uint256 decayAmount; }',
  'struct UserBorrowData { bool modeWithInterest; uint256 borrow; uint256 borrowLimit; uint256 lastUpdateTimestamp; uint256 expandPercent; uint256 expandDuration; uint256 baseBorrowLimit; uint256 maxBorrowLimit; uint256 borrowableUntilLimit; uint256 borrowable; uint256 borrowLimitUtilization; }',
  'struct VaultEntireData { address vault; bool isSmartCol; bool isSmartDebt; ConstantViews constantVariables; Configs configs; ExchangePricesAndRates exchangePricesAndRates; TotalSupplyAndBorrow totalSupplyAndBorrow; LimitsAndAvailability limitsAndAvailability; VaultState vaultState; UserSupplyData liquidityUserSupplyData; UserBorrowData liquidityUserBorrowData; }',
  'struct UserPosition { uint256 nftId; address owner; bool isLiquidated; bool isSupplyPosition; int256 tick; uint256 tickId; uint256 beforeSupply; uint256 beforeBorrow; uint256 beforeDustBorrow; uint256 supply; uint256 borrow; uint256 dustBorrow; }',
  'constructor(address factory_)',
  'error UnknownPosition(uint256 nftId)',
  'event PositionSet(uint256 indexed nftId, address indexed vault)',
  'event VaultSet(address indexed vault)',
  'function FACTORY() view returns (address)',
  'function getVaultEntireData(address vault_) view returns (VaultEntireData vaultData_)',
  'function positionByNftId(uint256 nftId_) view returns (UserPosition userPosition_, VaultEntireData vaultData_)',
  'function positionsByUser(address user_) view returns (UserPosition[] userPositions_, VaultEntireData[] vaultsData_)',
  'function positionsNftIdOfUser(address user_) view returns (uint256[] nftIds_)',
  'function setPosition(address vault, UserPosition position)',
  'function setVault(VaultEntireData data)',
  'function totalPositions() view returns (uint256)',
  'function vaultByNftId(uint256 nftId_) view returns (address vault_)',
]);
