// Collateral, debt, loan-to-value, health and liquidation price of one position.

import { Show } from 'solid-js';
import { Figure } from './Figure.tsx';
import { HealthBadge } from './HealthBadge.tsx';
import { formatAmount, formatPercent } from './lib/format.ts';
import type { PositionView } from './lib/position-query.ts';
import { PriceValue } from './PriceValue.tsx';

export function PositionFigures(props: { view: PositionView; detailed?: boolean }) {
  const position = () => props.view.position;
  const tokens = () => props.view.tokens;
  return (
    <dl class="figures">
      <Figure label="Collateral">
        {formatAmount(position().collateral, tokens().collateral.decimals, tokens().collateral.symbol)}
      </Figure>
      <Figure label="Debt">{formatAmount(position().debt, tokens().debt.decimals, tokens().debt.symbol)}</Figure>
      <Figure label="Loan-to-value" hint="Debt divided by the collateral's value">
        {formatPercent(position().ltv)}
      </Figure>
      <Figure label="Health" hint="Below 1.00 the position can be liquidated">
        <HealthBadge health={position().health} />
      </Figure>
      <Figure label="Liquidation price" hint="Collateral price at which health reaches 1.00">
        <PriceValue price={position().liquidationPrice} tokens={tokens()} />
      </Figure>
      <Show when={props.detailed === true}>
        <Figure label="Price now">
          <PriceValue price={position().price} tokens={tokens()} />
        </Figure>
        <Figure label="Liquidation threshold" hint="Share of the collateral's value the debt may reach">
          {formatPercent(position().liquidationThreshold)}
        </Figure>
      </Show>
    </dl>
  );
}
