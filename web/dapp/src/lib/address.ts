// Checking an address a user typed or pasted, and showing one short.

import { type Address, getAddress } from 'viem';

export type AddressCheck =
  | { readonly ok: true; readonly address: Address }
  | { readonly ok: false; readonly problem: string };

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Accepts all-lower or all-upper hex, and mixed case only with a correct EIP-55 checksum; answers checksummed. */
export function checkAddress(text: string): AddressCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'Enter a wallet address.' };
  if (!HEX_ADDRESS.test(trimmed)) {
    return { ok: false, problem: 'An address is 0x followed by 40 hexadecimal characters (0–9, a–f).' };
  }
  const body = trimmed.slice(2);
  const checksummed = getAddress(trimmed.toLowerCase());
  const mixedCase = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixedCase && trimmed !== checksummed) {
    return { ok: false, problem: 'The capital letters do not match the address checksum; check it for a typo.' };
  }
  return { ok: true, address: checksummed };
}

/** `0x1234…abcd`, for headings and buttons; the full address stays in titles and tooltips. */
export function shortAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
