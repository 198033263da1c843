// The typed ABI of contracts/RefLending.sol (the reference lending protocol's debt contract).

import { parseAbi } from 'viem';

/** Written out so viem infers argument and return types; a test checks it equals what solc emits. */
export const refLendingAbi = parseAbi([
  'constructor(address positionsNft_, uint256 price_, uint256 liquidationThresholdBps_)',
  'error InvalidThreshold(uint256 liquidationThresholdBps)',
  'error NotAdmin(address caller)',
  'error NotPositionOwner(uint256 id, address caller)',
  'error PositionHealthy(uint256 id, uint256 health)',
  'error PositionUnhealthy(uint256 id, uint256 health)',
  'error UnknownPosition(uint256 id)',
  'error ZeroPrice()',
  'event Adjusted(uint256 indexed id, uint256 collateral, uint256 debt)',
  'event Closed(uint256 indexed id, address indexed owner)',
  'event Liquidated(uint256 indexed id, address indexed owner, address indexed liquidator, uint256 collateral, uint256 debt)',
  'event Opened(uint256 indexed id, address indexed owner, uint256 collateral, uint256 debt)',
  'event PriceSet(uint256 price)',
  'function HEALTH_ONE() view returns (uint256)',
  'function adjust(uint256 id, uint256 collateral, uint256 debt)',
  'function admin() view returns (address)',
  'function close(uint256 id)',
  'function health(uint256 id) view returns (uint256)',
  'function liquidate(uint256 id)',
  'function liquidationThresholdBps() view returns (uint256)',
  'function open(uint256 collateral, uint256 debt) returns (uint256 id)',
  'function position(uint256 id) view returns (address owner, uint256 collateral, uint256 debt, uint256 price_, uint256 liquidationThresholdBps_)',
  'function positionsNft() view returns (address)',
  'function price() view returns (uint256)',
  'function setPrice(uint256 price1e18)',
]);
