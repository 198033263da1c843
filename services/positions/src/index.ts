// @keel/positions: lending positions read from the chain through one adapter per protocol.

export { fluidAdapter } from './fluid/fluid-adapter.ts';
export type { Position, PositionAdapter, PositionRef, PositionStatus, TokenInfo } from './position.ts';
export { referenceAdapter } from './reference/reference-adapter.ts';
export { liquidationPrice, risk, toUnits } from './risk.ts';
