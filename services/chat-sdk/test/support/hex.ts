// Hex and text helpers for the tests: vectors are published as hex, messages are written as text.

import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

export const fromHex = (hex: string): Uint8Array => hexToBytes(hex);
export const toHex = (bytes: Uint8Array): string => bytesToHex(bytes);
export const text = (value: string): Uint8Array => new TextEncoder().encode(value);
export const read = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
