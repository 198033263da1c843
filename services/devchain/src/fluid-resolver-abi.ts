// Fluid's real VaultResolver and VaultFactory ABIs, kept verbatim in fluid-resolver-abi.json (see FLUID_ABI_SOURCE).

import anchor from './fluid-resolver-abi.json';

/**
 * The JSON is the project's Fluid anchor (shared/anchors/fluid/resolver-abi.json), itself transcribed from
 * Instadapp/fluid-contracts-public at this commit and checked against the deployed compiler ABIs on base, arbitrum
 * and mainnet. Its `_meta` says how.
 */
export const FLUID_ABI_SOURCE: { readonly repo: string; readonly commit: string } = anchor._meta.source;

/** Untyped on purpose: this is the ABI exactly as deployed, for decoding; fluidResolverStandInAbi is the typed subset. */
export const fluidVaultResolverAbi: readonly unknown[] = anchor.VaultResolver;
export const fluidVaultFactoryAbi: readonly unknown[] = anchor.VaultFactory;
