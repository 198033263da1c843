// GET /nfts?network=&nft_contract=&user_wallet=: the token ids a wallet holds in one configured contract.

import { apiKeyGuard } from '@keel/kit';
import { Elysia } from 'elysia';
import { getAddress, isAddress } from 'viem';
import type { ContractIndex } from '../contract-index.ts';
import { InvalidParameterError, NetworkMismatchError, UnknownContractError } from '../errors.ts';
import type { Ownership } from '../ownership.ts';

const PARAMETERS = ['network', 'nft_contract', 'user_wallet'] as const;

export function nftRoutes({
  indexes,
  ownership,
  apiKey,
}: {
  indexes: ReadonlyMap<string, ContractIndex>;
  ownership: Ownership;
  apiKey: string;
}) {
  return new Elysia().use(apiKeyGuard(apiKey)).get('/nfts', async function ownedTokens({ request }) {
    const query = new URL(request.url).searchParams;
    for (const name of query.keys()) {
      if (!(PARAMETERS as readonly string[]).includes(name)) {
        throw new InvalidParameterError({ parameter: name, message: `unknown (known: ${PARAMETERS.join(', ')})` });
      }
    }
    const [network, key, walletText] = PARAMETERS.map((name) => {
      const values = query.getAll(name);
      if (values.length === 0 || values[0] === '')
        throw new InvalidParameterError({ parameter: name, message: 'is required' });
      if (values.length > 1) throw new InvalidParameterError({ parameter: name, message: 'is given more than once' });
      return values[0] ?? '';
    }) as [string, string, string];
    if (!isAddress(walletText, { strict: false })) {
      throw new InvalidParameterError({
        parameter: 'user_wallet',
        message: `'${walletText}' is not a 0x-prefixed 20-byte address`,
      });
    }
    if (
      walletText !== walletText.toLowerCase() &&
      walletText.slice(2) !== walletText.slice(2).toUpperCase() &&
      walletText !== getAddress(walletText)
    ) {
      throw new InvalidParameterError({
        parameter: 'user_wallet',
        message: 'mixed-case address with a wrong EIP-55 checksum',
      });
    }
    const index = indexes.get(key);
    if (index === undefined) throw new UnknownContractError({ key, known: [...indexes.keys()] });
    if (index.entry.network !== network) {
      throw new NetworkMismatchError({ key, network, expected: index.entry.network });
    }
    const wallet = getAddress(walletText);
    const answer = await ownership.answer(index, wallet);
    return {
      network,
      nft_contract: key,
      contract_address: index.entry.address,
      user_wallet: wallet,
      token_ids: answer.tokenIds,
      block_number: answer.blockNumber === null ? null : Number(answer.blockNumber),
      source: answer.source,
      updated_at: new Date(answer.updatedAt).toISOString(),
      expires_at: new Date(answer.expiresAt).toISOString(),
      stale: answer.stale,
    };
  });
}
