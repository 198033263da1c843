// SPDX-License-Identifier: MIT
// Stands in for Fluid's VaultResolver in tests: answers its position views, with the real ABI, from values a test sets.
pragma solidity ^0.8.24;

/// Fluid's vault structs, declared under the same names so solc emits the real ABI's internal types
/// (`struct IFluidVault.Tokens`). Source: Instadapp/fluid-contracts-public a9949b48,
/// contracts/protocols/vault/interfaces/iVault.sol:15-37.
interface IFluidVault {
    struct Tokens {
        address token0;
        address token1;
    }

    struct ConstantViews {
        address liquidity;
        address factory;
        address operateImplementation;
        address adminImplementation;
        address secondaryImplementation;
        address deployer;
        address supply;
        address borrow;
        Tokens supplyToken;
        Tokens borrowToken;
        uint256 vaultId;
        uint256 vaultType;
        bytes32 supplyExchangePriceSlot;
        bytes32 borrowExchangePriceSlot;
        bytes32 userSupplySlot;
        bytes32 userBorrowSlot;
    }
}

/// The VaultResolver's structs in declaration order (contracts/periphery/resolvers/vault/structs.sol:10-142 and
/// contracts/periphery/resolvers/liquidity/structs.sol:34-64 at the same commit), with `uint`/`int` as 256 bits.
interface Structs {
    struct Configs {
        uint16 supplyRateMagnifier;
        uint16 borrowRateMagnifier;
        uint16 collateralFactor;
        uint16 liquidationThreshold;
        uint16 liquidationMaxLimit;
        uint16 withdrawalGap;
        uint16 liquidationPenalty;
        uint16 borrowFee;
        address oracle;
        uint256 oraclePriceOperate;
        uint256 oraclePriceLiquidate;
        address rebalancer;
        uint256 lastUpdateTimestamp;
    }

    struct ExchangePricesAndRates {
        uint256 lastStoredLiquiditySupplyExchangePrice;
        uint256 lastStoredLiquidityBorrowExchangePrice;
        uint256 lastStoredVaultSupplyExchangePrice;
        uint256 lastStoredVaultBorrowExchangePrice;
        uint256 liquiditySupplyExchangePrice;
        uint256 liquidityBorrowExchangePrice;
        uint256 vaultSupplyExchangePrice;
        uint256 vaultBorrowExchangePrice;
        uint256 supplyRateLiquidity;
        uint256 borrowRateLiquidity;
        int256 supplyRateVault;
        int256 borrowRateVault;
        int256 rewardsOrFeeRateSupply;
        int256 rewardsOrFeeRateBorrow;
    }

    struct TotalSupplyAndBorrow {
        uint256 totalSupplyVault;
        uint256 totalBorrowVault;
        uint256 totalSupplyLiquidityOrDex;
        uint256 totalBorrowLiquidityOrDex;
        uint256 absorbedSupply;
        uint256 absorbedBorrow;
    }

    struct LimitsAndAvailability {
        uint256 withdrawLimit;
        uint256 withdrawableUntilLimit;
        uint256 withdrawable;
        uint256 borrowLimit;
        uint256 borrowableUntilLimit;
        uint256 borrowable;
        uint256 borrowLimitUtilization;
        uint256 minimumBorrowing;
    }

    struct CurrentBranchState {
        uint256 status;
        int256 minimaTick;
        uint256 debtFactor;
        uint256 partials;
        uint256 debtLiquidity;
        uint256 baseBranchId;
        int256 baseBranchMinima;
    }

    struct VaultState {
        uint256 totalPositions;
        int256 topTick;
        uint256 currentBranch;
        uint256 totalBranch;
        uint256 totalBorrow;
        uint256 totalSupply;
        CurrentBranchState currentBranchState;
    }

    struct UserSupplyData {
        bool modeWithInterest;
        uint256 supply;
        uint256 withdrawalLimit;
        uint256 lastUpdateTimestamp;
        uint256 expandPercent;
        uint256 expandDuration;
        uint256 baseWithdrawalLimit;
        uint256 withdrawableUntilLimit;
        uint256 withdrawable;
        uint256 decayEndTimestamp;
        uint256 decayAmount;
    }

    struct UserBorrowData {
        bool modeWithInterest;
        uint256 borrow;
        uint256 borrowLimit;
        uint256 lastUpdateTimestamp;
        uint256 expandPercent;
        uint256 expandDuration;
        uint256 baseBorrowLimit;
        uint256 maxBorrowLimit;
        uint256 borrowableUntilLimit;
        uint256 borrowable;
        uint256 borrowLimitUtilization;
    }

    struct VaultEntireData {
        address vault;
        bool isSmartCol;
        bool isSmartDebt;
        IFluidVault.ConstantViews constantVariables;
        Configs configs;
        ExchangePricesAndRates exchangePricesAndRates;
        TotalSupplyAndBorrow totalSupplyAndBorrow;
        LimitsAndAvailability limitsAndAvailability;
        VaultState vaultState;
        UserSupplyData liquidityUserSupplyData;
        UserBorrowData liquidityUserBorrowData;
    }

    struct UserPosition {
        uint256 nftId;
        address owner;
        bool isLiquidated;
        bool isSupplyPosition;
        int256 tick;
        uint256 tickId;
        uint256 beforeSupply;
        uint256 beforeBorrow;
        uint256 beforeDustBorrow;
        uint256 supply;
        uint256 borrow;
        uint256 dustBorrow;
    }
}

/// The factory views the resolver calls; named as in Fluid so `FACTORY()` carries the real ABI's internal type.
interface IFluidVaultFactory {
    function ownerOf(uint256 id) external view returns (address);
    function balanceOf(address owner) external view returns (uint256);
    function tokenOfOwnerByIndex(address owner, uint256 index) external view returns (uint256);
    function totalSupply() external view returns (uint256);
}

/// @notice Answers VaultResolver's position views (`positionByNftId`, `positionsNftIdOfUser`, `positionsByUser`,
///         `totalPositions`, `vaultByNftId`, `getVaultEntireData`, `FACTORY`) with the real signatures and return
///         layouts, from data set with `setVault` and `setPosition`. As in the real resolver the position's `nftId`
///         and `owner` are not stored: they come from the call and from `FACTORY.ownerOf`.
/// @dev Left out: the views that need a real Liquidity layer or vault storage (getVaultState, getVaultsEntireData,
///      getVaultType, getVaultId, getVaultAddress, getTotalVaults, getAllVaultsAddresses, getTokenConfig,
///      getPositionDataRaw, getVaultVariables2Raw, LIQUIDITY_RESOLVER). Nothing is computed on chain: the test
///      supplies supply, borrow, tick and the vault's configs exactly as the real resolver would report them.
contract FluidResolverStandIn {
    IFluidVaultFactory public immutable FACTORY;

    mapping(address vault => Structs.VaultEntireData) private _vaults;
    mapping(uint256 nftId => Structs.UserPosition) private _positions;
    mapping(uint256 nftId => address vault) private _vaultOf;

    event VaultSet(address indexed vault);
    event PositionSet(uint256 indexed nftId, address indexed vault);

    error UnknownPosition(uint256 nftId);

    constructor(IFluidVaultFactory factory_) {
        FACTORY = factory_;
    }

    /// Stores `data` as everything `getVaultEntireData(data.vault)` and the positions in that vault report.
    function setVault(Structs.VaultEntireData calldata data) external {
        _vaults[data.vault] = data;
        emit VaultSet(data.vault);
    }

    /// Stores `position` for `position.nftId` in `vault`; its `owner` field is ignored (read from the factory).
    function setPosition(address vault, Structs.UserPosition calldata position) external {
        _positions[position.nftId] = position;
        _vaultOf[position.nftId] = vault;
        emit PositionSet(position.nftId, vault);
    }

    function positionByNftId(uint256 nftId_)
        public
        view
        returns (Structs.UserPosition memory userPosition_, Structs.VaultEntireData memory vaultData_)
    {
        address vault = _vaultOf[nftId_];
        if (vault == address(0)) revert UnknownPosition(nftId_);
        userPosition_ = _positions[nftId_];
        userPosition_.nftId = nftId_;
        userPosition_.owner = FACTORY.ownerOf(nftId_);
        vaultData_ = _vaults[vault];
    }

    function positionsNftIdOfUser(address user_) public view returns (uint256[] memory nftIds_) {
        uint256 count = FACTORY.balanceOf(user_);
        nftIds_ = new uint256[](count);
        for (uint256 i = 0; i < count; ++i) {
            nftIds_[i] = FACTORY.tokenOfOwnerByIndex(user_, i);
        }
    }

    function positionsByUser(address user_)
        external
        view
        returns (Structs.UserPosition[] memory userPositions_, Structs.VaultEntireData[] memory vaultsData_)
    {
        uint256[] memory nftIds = positionsNftIdOfUser(user_);
        userPositions_ = new Structs.UserPosition[](nftIds.length);
        vaultsData_ = new Structs.VaultEntireData[](nftIds.length);
        for (uint256 i = 0; i < nftIds.length; ++i) {
            (userPositions_[i], vaultsData_[i]) = positionByNftId(nftIds[i]);
        }
    }

    function totalPositions() external view returns (uint256) {
        return FACTORY.totalSupply();
    }

    function vaultByNftId(uint256 nftId_) external view returns (address vault_) {
        return _vaultOf[nftId_];
    }

    function getVaultEntireData(address vault_) external view returns (Structs.VaultEntireData memory vaultData_) {
        return _vaults[vault_];
    }
}
