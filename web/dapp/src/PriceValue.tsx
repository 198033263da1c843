// A price with its unit on a quieter second line ("1,764.71" over "USD per ETH"), so narrow cards stay tidy.

import { Show } from 'solid-js';
import { formatPrice } from './lib/format.ts';
import type { PresetTokens } from './lib/tokens.ts';

export function PriceValue(props: { price: number | null; tokens: PresetTokens }) {
  return (
    <>
      {formatPrice(props.price, null, null)}
      <Show when={props.price !== null && props.tokens.debt.symbol !== ''}>
        <span class="unit">
          {props.tokens.debt.symbol} per {props.tokens.collateral.symbol}
        </span>
      </Show>
    </>
  );
}
