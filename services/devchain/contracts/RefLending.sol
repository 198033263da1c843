// SPDX-License-Identifier: MIT
// The reference lending protocol's debt contract: positions with collateral and debt, one price, health, liquidation.
pragma solidity ^0.8.24;

/// The slice of RefPositions this contract calls; RefPositions.sol is compiled on its own, so it is not imported.
interface IRefPositions {
    function mint(address to) external returns (uint256 id);
    function burn(uint256 id) external;
    function ownerOf(uint256 id) external view returns (address);
}

/// @notice A reference for *reading* lending positions, not a lending market: no tokens move. `open` records a
///         collateral and a debt amount against a new RefPositions NFT, and the admin sets the collateral price.
/// @dev Units: `collateral` and `debt` are plain amounts with 18 decimals. `price` is the debt amount one whole
///      collateral unit is worth, scaled by 1e18 (2000e18 = 1 collateral is worth 2000 debt).
///      health (1e18 = 1.0) = collateral * price * liquidationThresholdBps / (debt * 1e4); a position without debt
///      has health type(uint256).max. Below 1e18 it may be liquidated. The price at which health is exactly 1 (the
///      liquidation price) is debt * 1e4 * 1e18 / (collateral * liquidationThresholdBps), and the loan-to-value
///      (1e18 = 100%) is debt * 1e18 * 1e18 / (collateral * price).
///      `open` and `adjust` refuse to leave a position unhealthy, so only a price move makes one liquidatable.
contract RefLending {
    struct Position {
        uint256 collateral;
        uint256 debt;
        /// False for ids never opened, closed or liquidated.
        bool active;
    }

    /// Health 1.0 in the 1e18 scale `health` returns.
    uint256 public constant HEALTH_ONE = 1e18;

    IRefPositions public immutable positionsNft;
    /// Debt may reach this share of the collateral's value (8500 = 85%) before the position can be liquidated.
    uint256 public immutable liquidationThresholdBps;
    /// The account that deployed this contract; the only one that may set the price.
    address public immutable admin;

    /// Debt units per collateral unit, scaled by 1e18.
    uint256 public price;

    mapping(uint256 id => Position) private _positions;

    event Opened(uint256 indexed id, address indexed owner, uint256 collateral, uint256 debt);
    event Adjusted(uint256 indexed id, uint256 collateral, uint256 debt);
    event Closed(uint256 indexed id, address indexed owner);
    event Liquidated(
        uint256 indexed id, address indexed owner, address indexed liquidator, uint256 collateral, uint256 debt
    );
    event PriceSet(uint256 price);

    error NotAdmin(address caller);
    error NotPositionOwner(uint256 id, address caller);
    error UnknownPosition(uint256 id);
    error PositionUnhealthy(uint256 id, uint256 health);
    error PositionHealthy(uint256 id, uint256 health);
    error InvalidThreshold(uint256 liquidationThresholdBps);
    error ZeroPrice();

    constructor(IRefPositions positionsNft_, uint256 price_, uint256 liquidationThresholdBps_) {
        if (liquidationThresholdBps_ == 0 || liquidationThresholdBps_ > 1e4) {
            revert InvalidThreshold(liquidationThresholdBps_);
        }
        if (price_ == 0) revert ZeroPrice();
        positionsNft = positionsNft_;
        liquidationThresholdBps = liquidationThresholdBps_;
        admin = msg.sender;
        price = price_;
        emit PriceSet(price_);
    }

    /// Opens a position for the caller, who receives its NFT.
    function open(uint256 collateral, uint256 debt) external returns (uint256 id) {
        id = positionsNft.mint(msg.sender);
        _positions[id] = Position({collateral: collateral, debt: debt, active: true});
        _requireHealthy(id);
        emit Opened(id, msg.sender, collateral, debt);
    }

    /// Sets a position's collateral and debt to new amounts; only the NFT's holder may.
    function adjust(uint256 id, uint256 collateral, uint256 debt) external {
        _requireOwner(id);
        Position storage position = _positions[id];
        position.collateral = collateral;
        position.debt = debt;
        _requireHealthy(id);
        emit Adjusted(id, collateral, debt);
    }

    /// Closes a position and burns its NFT; only the NFT's holder may.
    function close(uint256 id) external {
        _requireOwner(id);
        delete _positions[id];
        positionsNft.burn(id);
        emit Closed(id, msg.sender);
    }

    /// Anyone may liquidate a position whose health is below 1; it is closed and its NFT burned.
    function liquidate(uint256 id) external {
        Position memory gone = _active(id);
        uint256 healthNow = _health(gone);
        if (healthNow >= HEALTH_ONE) revert PositionHealthy(id, healthNow);
        address owner = positionsNft.ownerOf(id);
        delete _positions[id];
        positionsNft.burn(id);
        emit Liquidated(id, owner, msg.sender, gone.collateral, gone.debt);
    }

    /// Moves the collateral price; tests and the dev stack use it to push positions across thresholds.
    function setPrice(uint256 price1e18) external {
        if (msg.sender != admin) revert NotAdmin(msg.sender);
        if (price1e18 == 0) revert ZeroPrice();
        price = price1e18;
        emit PriceSet(price1e18);
    }

    /// Everything a reader needs to compute health, loan-to-value and liquidation price in one call.
    /// @dev For an id never opened, closed or liquidated this does not revert: `owner` is the zero address and both
    ///      amounts are 0 (price and threshold are still current), so a batch read never fails on one gone position.
    function position(uint256 id)
        external
        view
        returns (address owner, uint256 collateral, uint256 debt, uint256 price_, uint256 liquidationThresholdBps_)
    {
        Position memory stored = _positions[id];
        owner = stored.active ? positionsNft.ownerOf(id) : address(0);
        return (owner, stored.collateral, stored.debt, price, liquidationThresholdBps);
    }

    /// Health in 1e18 (see the contract notes); reverts with UnknownPosition for an id that is not open.
    function health(uint256 id) external view returns (uint256) {
        return _health(_active(id));
    }

    function _health(Position memory position_) private view returns (uint256) {
        if (position_.debt == 0) return type(uint256).max;
        return (position_.collateral * price * liquidationThresholdBps) / (position_.debt * 1e4);
    }

    function _active(uint256 id) private view returns (Position memory stored) {
        stored = _positions[id];
        if (!stored.active) revert UnknownPosition(id);
    }

    function _requireOwner(uint256 id) private view {
        _active(id);
        if (positionsNft.ownerOf(id) != msg.sender) revert NotPositionOwner(id, msg.sender);
    }

    function _requireHealthy(uint256 id) private view {
        uint256 healthNow = _health(_positions[id]);
        if (healthNow < HEALTH_ONE) revert PositionUnhealthy(id, healthNow);
    }
}
