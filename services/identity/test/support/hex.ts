// Hex helpers for the tests: vectors are published as hex, keys are compared as hex.

import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

export const fromHex = (hex: string): Uint8Array => hexToBytes(hex);
export const toHex = (bytes: Uint8Array): string => bytesToHex(bytes);
