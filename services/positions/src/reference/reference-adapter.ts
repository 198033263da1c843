// The project's reference lending protocol: RefLending.position(id) gives owner, amounts, price and threshold.

import { createPublicClient, http, zeroAddress } from 'viem';
import type { Position, PositionAdapter, PositionRef } from '../position.ts';
import { liquidationPrice, risk } from '../risk.ts';
import { refLendingLiquidatedEvent, refLendingPositionAbi } from './ref-lending-abi.ts';

/** RefLending keeps amounts and the price in 18 decimals and the threshold in basis points. */
const WAD = 1e18;
const BPS = 1e4;

export function referenceAdapter({ rpcUrl }: { rpcUrl: string }): PositionAdapter {
  const client = createPublicClient({ transport: http(rpcUrl) });
  return {
    protocol: 'reference',
    async read(ref: PositionRef): Promise<Position> {
      const [owner, collateral, debt, priceWad, thresholdBps] = await client.readContract({
        address: ref.debt,
        abi: refLendingPositionAbi,
        functionName: 'position',
        args: [ref.id],
      });
      const price = Number(priceWad) / WAD;
      const threshold = Number(thresholdBps) / BPS;
      const { ltv, health } = risk({
        collateralValueInDebt: (Number(collateral) / WAD) * price,
        debt: Number(debt) / WAD,
        liquidationThreshold: threshold,
      });
      const gone = owner === zeroAddress;
      // A gone position was closed by its owner or liquidated; only the Liquidated event tells which.
      const liquidated =
        gone &&
        (
          await client.getLogs({
            address: ref.debt,
            event: refLendingLiquidatedEvent,
            args: { id: ref.id },
            fromBlock: 'earliest',
          })
        ).length > 0;
      return {
        ref,
        protocol: 'reference',
        owner: gone ? null : owner,
        status: liquidated ? 'liquidated' : gone ? 'closed' : debt === 0n ? 'supply-only' : 'open',
        collateral,
        debt,
        liquidationThreshold: threshold,
        ltv: gone ? null : ltv,
        health: gone ? null : health,
        liquidationPrice: gone ? null : liquidationPrice(price, health),
        price,
      };
    },
  };
}
