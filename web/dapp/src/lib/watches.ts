// The alert service's watches (`/api/watches` on the web app server): list, create, turn off.

import type { Address } from 'viem';
import type { DappEnv } from './env.ts';
import { refused, unreachable } from './service-error.ts';

export type WatchLevel = 'ok' | 'warning' | 'critical' | 'liquidated' | 'gone' | (string & {});

export interface Watch {
  readonly id: string;
  readonly chain: string;
  readonly preset: string;
  readonly positionId: string;
  readonly metric: string;
  readonly warning: number;
  readonly critical: number;
  readonly topic: string;
  readonly email: string | null;
  readonly level: WatchLevel | null;
  readonly lastValue: number | null;
  readonly lastCheckedAt: string | null;
}

export interface WatchDraft {
  readonly chain: string;
  readonly preset: string;
  /** Decimal token id. */
  readonly id: string;
  readonly owner: Address;
  readonly label: string;
  readonly metric: 'health';
  readonly warning: number;
  readonly critical: number;
  readonly topic: string;
  readonly email: string | null;
}

const WATCHES_PATH = '/api/watches';

/** Health thresholds: both above 1 (liquidation), critical below warning; the server applies the same rules. */
export function watchDraftProblem(draft: Pick<WatchDraft, 'warning' | 'critical' | 'topic' | 'email'>): string | null {
  if (!Number.isFinite(draft.warning) || draft.warning <= 1)
    return 'The warning level must be above 1 (1 is liquidation).';
  if (!Number.isFinite(draft.critical) || draft.critical <= 1)
    return 'The critical level must be above 1 (1 is liquidation).';
  if (draft.critical >= draft.warning) return 'The critical level must be lower than the warning level.';
  // Alerts are always published to a topic (the e-mail goes out from there), so a topic is needed either way.
  if (draft.topic === '') {
    return 'Set a notifier topic in Alert settings first, so the alert has somewhere to go.';
  }
  return null;
}

export async function listWatches(env: Pick<DappEnv, 'fetch'>, owner: Address): Promise<Watch[]> {
  const body = await call(env, `${WATCHES_PATH}?owner=${encodeURIComponent(owner)}`, { method: 'GET' });
  const json: unknown = JSON.parse(body);
  const list = Array.isArray(json) ? json : (json as { watches?: unknown } | null)?.watches;
  if (!Array.isArray(list)) throw new Error('The alert service answered with something that is not a list of watches.');
  return list as Watch[];
}

export async function createWatch(env: Pick<DappEnv, 'fetch'>, draft: WatchDraft): Promise<Watch> {
  const body = await call(env, WATCHES_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(draft),
  });
  return JSON.parse(body) as Watch;
}

export async function deleteWatch(env: Pick<DappEnv, 'fetch'>, id: string): Promise<void> {
  await call(env, `${WATCHES_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

async function call(env: Pick<DappEnv, 'fetch'>, url: string, init: RequestInit): Promise<string> {
  let response: Response;
  try {
    response = await env.fetch(url, init);
  } catch (error) {
    throw unreachable('alert service', WATCHES_PATH, error);
  }
  const body = await response.text();
  if (!response.ok) throw refused('alert service', WATCHES_PATH, response.status, body);
  return body;
}
