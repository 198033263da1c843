// Renders the ownership cache's contracts.yaml for the contracts the dev stack deployed.

import type { Address } from 'viem';

export interface ContractEntry {
  /** The key under `contracts:`; lowercase letters, digits and dashes. */
  readonly name: string;
  readonly network: string;
  readonly address: Address;
  readonly maxTokenId: number;
}

/** Every value is quoted: an address or a large id read as a YAML number would lose precision. */
export function renderContractsYaml(entries: readonly ContractEntry[]): string {
  const lines = ['# Written by services/devchain on start; edits are overwritten.', 'contracts:'];
  for (const entry of entries) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(entry.name)) throw new Error(`contract name '${entry.name}' is not a plain key`);
    lines.push(
      `  ${entry.name}:`,
      `    network: ${entry.network}`,
      `    address: "${entry.address}"`,
      `    max_token_id: "${entry.maxTokenId}"`,
    );
  }
  return `${lines.join('\n')}\n`;
}
