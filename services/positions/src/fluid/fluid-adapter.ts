// Fluid vault positions (Instadapp): VaultResolver.positionByNftId gives supply, borrow, threshold and price.

import { type Address, createPublicClient, http } from 'viem';
import type { Position, PositionAdapter, PositionRef, TokenInfo } from '../position.ts';
import { liquidationPrice, risk } from '../risk.ts';
import { positionByNftIdAbi } from './resolver-abi.ts';

/** Fluid oracles quote debt per collateral in 1e27, already adjusted for token decimals (anchors/fluid README). */
const ORACLE_SCALE = 10n ** 27n;
/** The resolver reports thresholds in percent · 100 (8500 = 85 %). */
const THRESHOLD_SCALE = 1e4;

export function fluidAdapter({ rpcUrl, resolver }: { rpcUrl: string; resolver: Address }): PositionAdapter {
  const client = createPublicClient({ transport: http(rpcUrl) });
  return {
    protocol: 'fluid',
    async read(ref: PositionRef, tokens?: { collateral: TokenInfo; debt: TokenInfo }): Promise<Position> {
      const [user, vault] = await client.readContract({
        address: resolver,
        abi: positionByNftIdAbi,
        functionName: 'positionByNftId',
        args: [ref.id],
      });
      const threshold = Number(vault.configs.liquidationThreshold) / THRESHOLD_SCALE;
      const priceLiquidate = vault.configs.oraclePriceLiquidate;
      // Collateral priced in the debt token's smallest units: S · P / 1e27.
      const collateralValue = (user.supply * priceLiquidate) / ORACLE_SCALE;
      const { ltv, health } = risk({
        collateralValueInDebt: Number(collateralValue),
        debt: Number(user.borrow),
        liquidationThreshold: threshold,
      });
      const price =
        tokens === undefined
          ? null
          : (Number(priceLiquidate) / Number(ORACLE_SCALE)) * 10 ** (tokens.collateral.decimals - tokens.debt.decimals);
      const owner = user.owner === '0x0000000000000000000000000000000000000000' ? null : user.owner;
      return {
        ref,
        protocol: 'fluid',
        owner,
        status:
          owner === null ? 'closed' : user.isLiquidated ? 'liquidated' : user.isSupplyPosition ? 'supply-only' : 'open',
        collateral: user.supply,
        debt: user.borrow,
        liquidationThreshold: threshold,
        ltv,
        health,
        liquidationPrice: liquidationPrice(price, health),
        price,
      };
    },
  };
}
