// The one view of the project's reference lending contract (services/devchain/contracts/RefLending.sol) a reader needs.

import { parseAbi } from 'viem';

export const refLendingPositionAbi = parseAbi([
  'function position(uint256 id) view returns (address owner, uint256 collateral, uint256 debt, uint256 price_, uint256 liquidationThresholdBps_)',
]);
