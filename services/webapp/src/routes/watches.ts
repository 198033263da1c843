// /api/watches: turn alerts on for a position, list an owner's watches, turn one off.

import { readJsonBody } from '@keel/kit';
import { Elysia } from 'elysia';
import { getAddress, isAddress } from 'viem';
import type { Checker } from '../checker.ts';
import type { ChainConfig } from '../config.ts';
import { InvalidQueryError, TooManyWatchesError, WatchNotFoundError } from '../errors.ts';
import { watchToJson } from '../watch.ts';
import { parseNewWatch } from '../watch-input.ts';
import type { WatchStore } from '../watch-store.ts';

/** A watch is a few hundred bytes of JSON; anything much larger is not one. */
export const MAX_WATCH_BODY_BYTES = 16 * 1024;
/** Each watch costs a chain read every interval; this bounds what one address can ask for. */
export const MAX_WATCHES_PER_OWNER = 50;

export interface WatchRoutesOptions {
  readonly store: WatchStore;
  readonly checker: Checker;
  readonly chains: Readonly<Record<string, ChainConfig>>;
}

export function watchRoutes({ store, checker, chains }: WatchRoutesOptions) {
  return new Elysia({ prefix: '/api/watches' })
    .post('', async function createWatch({ request, set }) {
      const input = parseNewWatch(await readJsonBody(request, { limit: MAX_WATCH_BODY_BYTES }), chains);
      if (store.countByOwner(input.owner) >= MAX_WATCHES_PER_OWNER) {
        throw new TooManyWatchesError({ limit: MAX_WATCHES_PER_OWNER });
      }
      const watch = await checker.create(input);
      set.status = 201;
      set.headers.location = `/api/watches/${watch.id}`;
      return watchToJson(watch);
    })
    .get('', function listWatches({ request }) {
      const query = new URL(request.url).searchParams;
      const unknown = [...query.keys()].find((name) => name !== 'owner');
      if (unknown !== undefined) throw new InvalidQueryError({ parameter: unknown, message: 'unknown (known: owner)' });
      const owner = query.get('owner');
      if (owner === null || !isAddress(owner, { strict: false })) {
        throw new InvalidQueryError({ parameter: 'owner', message: 'must be a 0x-prefixed 20-byte address' });
      }
      return store.listByOwner(getAddress(owner)).map(watchToJson);
    })
    .get('/:id', function getWatch({ params }) {
      const watch = store.get(params.id);
      if (watch === null) throw new WatchNotFoundError({ id: params.id });
      return watchToJson(watch);
    })
    .delete('/:id', async function deleteWatch({ params, set }) {
      await checker.remove(params.id);
      set.status = 204;
    });
}
