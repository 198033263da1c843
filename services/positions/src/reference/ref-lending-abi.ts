// What a reader needs of the project's reference lending contract (services/devchain/contracts/RefLending.sol).

import { parseAbi, parseAbiItem } from 'viem';

export const refLendingPositionAbi = parseAbi([
  'function position(uint256 id) view returns (address owner, uint256 collateral, uint256 debt, uint256 price_, uint256 liquidationThresholdBps_)',
]);

/** Emitted when a position is liquidated (and its NFT burned): what tells a liquidation from a close. */
export const refLendingLiquidatedEvent = parseAbiItem(
  'event Liquidated(uint256 indexed id, address indexed owner, address indexed liquidator, uint256 collateral, uint256 debt)',
);
